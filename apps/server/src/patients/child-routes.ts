import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  patientDiagnosisBodySchema,
  patientDiagnosisSchema,
  patientHcpsSchema,
  patientInsuranceBodySchema,
  patientInsuranceSchema,
  patientModifierBodySchema,
  patientModifierPatchSchema,
  patientModifierSchema,
  patientTextBodySchema,
} from '@dme/shared';
import type { Executor } from '../db/database.ts';
import { errorResponses, idParams, noContent } from '../lib/schemas.ts';
import * as c from './children.ts';
import * as ins from './insurances.ts';
import { actor } from '../plugins/auth.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['patients'];
const childParams = idParams.extend({ child: idParams.shape.id });

/** One kind of a patient's child rows: create, update and delete under `/patients/:id/<path>/`. */
interface ChildKind<Body extends z.ZodType, Patch extends z.ZodType, Row extends z.ZodType> {
  path: string;
  body: Body;
  patch: Patch;
  response: Row;
  create(db: Executor, actorId: number, patientId: number, body: z.output<Body>): Promise<z.input<Row>>;
  update(db: Executor, actorId: number, patientId: number, id: number, body: z.output<Patch>): Promise<z.input<Row>>;
  remove(db: Executor, actorId: number, patientId: number, id: number): Promise<void>;
}

function childRoutes<Body extends z.ZodType, Patch extends z.ZodType, Row extends z.ZodType>(
  zodApp: ZodApp,
  kind: ChildKind<Body, Patch, Row>,
): void {
  // The schemas validate and serialize as on any route; the generic kind's types are given here.
  const app = zodApp as unknown as FastifyInstance;
  const { db } = app.ctx;
  type Params = { id: number; child: number };
  app.post<{ Params: Params }>(
    `/patients/:id/${kind.path}/`,
    { schema: { tags, params: idParams, body: kind.body, response: { 201: kind.response, ...errorResponses } } },
    async (request, reply) =>
      reply.code(201).send(await kind.create(db, actor(request).id, request.params.id, request.body as z.output<Body>)),
  );
  app.patch<{ Params: Params }>(
    `/patients/:id/${kind.path}/:child/`,
    { schema: { tags, params: childParams, body: kind.patch, response: { 200: kind.response, ...errorResponses } } },
    (request) =>
      kind.update(db, actor(request).id, request.params.id, request.params.child, request.body as z.output<Patch>),
  );
  app.delete<{ Params: Params }>(
    `/patients/:id/${kind.path}/:child/`,
    { schema: { tags, params: childParams, response: { 204: noContent, ...errorResponses } } },
    async (request, reply) => {
      await kind.remove(db, actor(request).id, request.params.id, request.params.child);
      return reply.code(204).send(null);
    },
  );
}

/** Diagnoses, HCPCS entries, their modifiers and insurances of one patient. */
export const patientChildRoutes: FastifyPluginAsyncZod = async (app) => {
  const text = { body: patientTextBodySchema, patch: patientTextBodySchema };
  childRoutes(app, {
    path: 'diagnostics',
    body: patientDiagnosisBodySchema,
    patch: patientDiagnosisBodySchema,
    response: patientDiagnosisSchema,
    create: c.createDiagnosis,
    update: c.updateDiagnosis,
    remove: c.deleteDiagnosis,
  });
  childRoutes(app, {
    path: 'hcps',
    ...text,
    response: patientHcpsSchema,
    create: c.createHcps,
    update: c.updateHcps,
    remove: c.deleteHcps,
  });
  childRoutes(app, {
    path: 'modifier',
    body: patientModifierBodySchema,
    patch: patientModifierPatchSchema,
    response: patientModifierSchema,
    create: c.createModifier,
    update: c.updateModifier,
    remove: c.deleteModifier,
  });
  childRoutes(app, {
    path: 'insurances',
    body: patientInsuranceBodySchema,
    patch: patientInsuranceBodySchema,
    response: patientInsuranceSchema,
    create: ins.createInsurance,
    update: ins.updateInsurance,
    remove: ins.deleteInsurance,
  });
};
