import { Readable } from 'node:stream';
import { sql } from 'kysely';
import {
  IMAGE_EXTENSIONS,
  PRODUCT_MESSAGES,
  type ImageType,
  type Product,
  type ProductCreateBody,
  type ProductUpdateBody,
  type UpdateQuantityBody,
} from '@dme/shared';
import type { Db } from '../db/database.ts';
import type { Storage } from '../plugins/storage.ts';
import { audit } from '../lib/audit.ts';
import { isForeignKeyViolation, isUniqueViolation, validation } from '../lib/errors.ts';
import * as q from './queries.ts';

/*
 * Writes of the products area: create, update and delete a product, and its stock. (Named for
 * what it does, so it is not taken for the orders' services.)
 */

/** A photo read from the form: its bytes and the type its signature shows. */
export interface PhotoUpload {
  buffer: Buffer;
  contentType: ImageType;
}

const PHOTO_FOLDER = 'products';

async function storePhoto(storage: Storage, photo: PhotoUpload): Promise<string> {
  const { key } = await storage.put(PHOTO_FOLDER, Readable.from([photo.buffer]), {
    extension: IMAGE_EXTENSIONS[photo.contentType],
  });
  return key;
}

/** Removing a file that is no longer referenced must not turn a committed change into an error. */
async function removeQuietly(storage: Storage, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await storage.remove(key).catch(() => undefined);
}

function duplicateCodeAsValidation(err: unknown): never {
  if (isUniqueViolation(err, 'products_internal_code_key'))
    throw validation({ internal_code: [PRODUCT_MESSAGES.duplicateCode] });
  throw err;
}

export async function createProduct(
  db: Db,
  storage: Storage,
  actorId: number,
  body: ProductCreateBody,
  photo: PhotoUpload | null,
): Promise<Product> {
  // The photo is written only once every check has passed, and removed again if the
  // transaction does not commit, so a refused form leaves no file behind.
  const stored: { key?: string } = {};
  try {
    return await db.transaction().execute(async (trx) => {
      await q.checkProductReferences(trx, body);
      if (photo) stored.key = await storePhoto(storage, photo);
      const { id } = await trx
        .insertInto('products')
        .values({
          name: body.name,
          description: body.description,
          internal_code: body.internal_code,
          type_id: body.type_id,
          quantity: body.quantity,
          cost_price: body.cost_price,
          photo_key: stored.key ?? null,
          photo_content_type: photo?.contentType ?? null,
          hcpcs_code: body.hcpcs_code,
          modifiers: body.modifiers,
          payment_category: body.payment_category ?? null,
          face_to_face: body.face_to_face ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(duplicateCodeAsValidation);
      await q.insertVariants(trx, id, body.variants);
      await q.setCategories(trx, id, body.categories);
      const product = await q.getProduct(trx, id);
      await audit(trx, { userId: actorId, action: 'create', entity: 'product', entityId: id, after: product });
      return product;
    });
  } catch (err) {
    await removeQuietly(storage, stored.key);
    throw err;
  }
}

export async function updateProduct(
  db: Db,
  storage: Storage,
  actorId: number,
  id: number,
  body: ProductUpdateBody,
  change: { photo: PhotoUpload | null; removePhoto: boolean },
): Promise<Product> {
  const stored: { key?: string } = {};
  let replacedKey: string | null = null;
  try {
    const product = await db.transaction().execute(async (trx) => {
      const row = await q.productRow(trx, id, { lock: true });
      const before = await q.getProduct(trx, id);
      await q.checkProductReferences(trx, body, id);
      if (change.photo) stored.key = await storePhoto(storage, change.photo);
      const photoChanged = Boolean(change.photo) || (change.removePhoto && row.photo_key !== null);
      if (photoChanged) replacedKey = row.photo_key;
      await trx
        .updateTable('products')
        .set({
          ...(body.name !== undefined && { name: body.name }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.internal_code !== undefined && { internal_code: body.internal_code }),
          ...(body.type_id !== undefined && { type_id: body.type_id }),
          ...(body.cost_price !== undefined && { cost_price: body.cost_price }),
          ...(body.hcpcs_code !== undefined && { hcpcs_code: body.hcpcs_code }),
          ...(body.modifiers !== undefined && { modifiers: body.modifiers }),
          ...(body.payment_category !== undefined && { payment_category: body.payment_category }),
          ...(body.face_to_face !== undefined && { face_to_face: body.face_to_face }),
          ...(photoChanged && { photo_key: stored.key ?? null, photo_content_type: change.photo?.contentType ?? null }),
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .execute()
        .catch(duplicateCodeAsValidation);
      if (body.variants !== undefined) await q.replaceVariants(trx, id, body.variants);
      if (body.categories !== undefined) await q.setCategories(trx, id, body.categories);
      const after = await q.getProduct(trx, id);
      await audit(trx, { userId: actorId, action: 'update', entity: 'product', entityId: id, before, after });
      return after;
    });
    await removeQuietly(storage, replacedKey);
    return product;
  } catch (err) {
    await removeQuietly(storage, stored.key);
    throw err;
  }
}

/** Deletes the product, or answers 'in_use' when an order line refers to it. */
export async function deleteProduct(
  db: Db,
  storage: Storage,
  actorId: number,
  id: number,
): Promise<'deleted' | 'in_use'> {
  let photoKey: string | null = null;
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await q.productRow(trx, id, { lock: true });
      if (await q.isProductInUse(trx, id)) return 'in_use' as const;
      const before = await q.getProduct(trx, id);
      await trx.deleteFrom('products').where('id', '=', id).execute();
      await audit(trx, { userId: actorId, action: 'delete', entity: 'product', entityId: id, before });
      photoKey = row.photo_key;
      return 'deleted' as const;
    });
    if (outcome === 'deleted') await removeQuietly(storage, photoKey);
    return outcome;
  } catch (err) {
    // Any other table that keeps a reference (a later area's) refuses the same way.
    if (isForeignKeyViolation(err)) return 'in_use';
    throw err;
  }
}

/**
 * The inventory screen's two saves: the quantity on hand, or (with `unit_measure`) one unit
 * measure's quantity and active flag. Answers the product and whether a unit row was written.
 */
export async function updateQuantity(
  db: Db,
  actorId: number,
  body: UpdateQuantityBody,
): Promise<{ product: Product; unit: boolean }> {
  return db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', body.product_id)
      .forUpdate()
      .executeTakeFirst();
    if (!exists) throw validation({ product_id: ['Select a valid product'] });
    const before = await q.getProduct(trx, body.product_id);
    if (body.unit_measure) {
      await q.upsertUnitQuantity(trx, body.product_id, {
        unit_measure: body.unit_measure,
        quantity: body.quantity,
        active: body.active,
      });
    } else {
      await trx
        .updateTable('products')
        .set({ quantity: body.quantity, updated_at: sql`now()` })
        .where('id', '=', body.product_id)
        .execute();
    }
    const after = await q.getProduct(trx, body.product_id);
    await audit(trx, {
      userId: actorId,
      action: 'update',
      entity: 'product',
      entityId: body.product_id,
      before,
      after,
    });
    return { product: after, unit: Boolean(body.unit_measure) };
  });
}
