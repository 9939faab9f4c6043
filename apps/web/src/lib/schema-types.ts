/** What a contract schema gives after parsing, without importing zod here: e.g. Parsed<typeof registerBodySchema>. */
export type Parsed<S extends { parse: (data: unknown) => unknown }> = ReturnType<S['parse']>;
