/** Tables of the orders area (Kysely types). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OrdersTables {}
