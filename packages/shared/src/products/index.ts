// Schemas and rules of the products area.
export {};
