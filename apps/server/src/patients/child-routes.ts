import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  patientDiagnosisSchema,
  patientHcpsSchema,
  patientInsuranceBodySchema,
  patientInsuranceSchema,
  patientModifierBodySchema,
  patientModifierPatchSchema,
  patientModifierSchema,
  patientTextBodySchema,
} from '@dme/shared';
import { errorResponses, idParams, noContent } from '../lib/schemas.ts';
import * as c from './children.ts';
import * as ins from './insurances.ts';
import { actor } from '../plugins/auth.ts';

const tags = ['patients'];
const childParams = <K extends string>(key: K) =>
  idParams.extend({ [key]: idParams.shape.id } as Record<K, typeof idParams.shape.id>);
const did = childParams('did');
const hid = childParams('hid');
const mid = childParams('mid');
const iid = childParams('iid');

/** Diagnoses, HCPCS entries, their modifiers and insurances of one patient. */
export const patientChildRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.post(
    '/patients/:id/diagnostics/',
    {
      schema: {
        tags,
        params: idParams,
        body: patientTextBodySchema,
        response: { 201: patientDiagnosisSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await c.createDiagnosis(db, actor(request).id, request.params.id, request.body)),
  );

  app.patch(
    '/patients/:id/diagnostics/:did/',
    {
      schema: {
        tags,
        params: did,
        body: patientTextBodySchema,
        response: { 200: patientDiagnosisSchema, ...errorResponses },
      },
    },
    (request) => c.updateDiagnosis(db, actor(request).id, request.params.id, request.params.did, request.body),
  );

  app.delete(
    '/patients/:id/diagnostics/:did/',
    {
      schema: { tags, params: did, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await c.deleteDiagnosis(db, actor(request).id, request.params.id, request.params.did);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/patients/:id/hcps/',
    {
      schema: {
        tags,
        params: idParams,
        body: patientTextBodySchema,
        response: { 201: patientHcpsSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await c.createHcps(db, actor(request).id, request.params.id, request.body)),
  );

  app.patch(
    '/patients/:id/hcps/:hid/',
    {
      schema: {
        tags,
        params: hid,
        body: patientTextBodySchema,
        response: { 200: patientHcpsSchema, ...errorResponses },
      },
    },
    (request) => c.updateHcps(db, actor(request).id, request.params.id, request.params.hid, request.body),
  );

  app.delete(
    '/patients/:id/hcps/:hid/',
    {
      schema: { tags, params: hid, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await c.deleteHcps(db, actor(request).id, request.params.id, request.params.hid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/patients/:id/modifier/',
    {
      schema: {
        tags,
        params: idParams,
        body: patientModifierBodySchema,
        response: { 201: patientModifierSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await c.createModifier(db, actor(request).id, request.params.id, request.body)),
  );

  app.patch(
    '/patients/:id/modifier/:mid/',
    {
      schema: {
        tags,
        params: mid,
        body: patientModifierPatchSchema,
        response: { 200: patientModifierSchema, ...errorResponses },
      },
    },
    (request) => c.updateModifier(db, actor(request).id, request.params.id, request.params.mid, request.body),
  );

  app.delete(
    '/patients/:id/modifier/:mid/',
    {
      schema: { tags, params: mid, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await c.deleteModifier(db, actor(request).id, request.params.id, request.params.mid);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/patients/:id/insurances/',
    {
      schema: {
        tags,
        params: idParams,
        body: patientInsuranceBodySchema,
        response: { 201: patientInsuranceSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await ins.createInsurance(db, actor(request).id, request.params.id, request.body)),
  );

  app.patch(
    '/patients/:id/insurances/:iid/',
    {
      schema: {
        tags,
        params: iid,
        body: patientInsuranceBodySchema,
        response: { 200: patientInsuranceSchema, ...errorResponses },
      },
    },
    (request) => ins.updateInsurance(db, actor(request).id, request.params.id, request.params.iid, request.body),
  );

  app.delete(
    '/patients/:id/insurances/:iid/',
    {
      schema: { tags, params: iid, response: { 204: noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await ins.deleteInsurance(db, actor(request).id, request.params.id, request.params.iid);
      return reply.code(204).send(null);
    },
  );
};
