// Schemas and rules of the patients area.
export {};
