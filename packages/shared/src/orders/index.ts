// Schemas and rules of the orders area.
export {};
