import { z } from 'zod';

// The shapes calls answer in the envelope's `data`, shared by the engine's routes and the
// hand-written ones (`routes()`'s `data`). They are documented in the OpenAPI document and the
// contract fuzz checks answers against them; they never change how an answer is serialised.

/** A row as the engine answers it: its id as text, with whatever columns the call shows. */
export const Row = z.looseObject({ id: z.string() });
/** Any JSON object (a call's own record shape, a map of settings). */
export const Obj = z.looseObject({});
/** A list of rows. */
export const Rows = z.array(Row);
/** A tree node as the BladeX tree calls answer it. */
export const Node = z.looseObject({ id: z.string(), title: z.unknown(), key: z.unknown() });
export const Nodes = z.array(Node);
/** A page of rows (BladeX IPage). */
export const pageShape = (row: z.ZodType = Row) =>
  z.object({
    records: z.array(row),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
    approximate: z.boolean().optional(),
  });
export const Page = pageShape();
/** A yes/no outcome (remove, a state change): true when done. */
export const Done = z.boolean();
/** The OAuth token answer: bare snake_case, not the envelope (the single sign-on call wraps it). */
export const Tokens = z.looseObject({ access_token: z.string(), refresh_token: z.string(), token_type: z.string().optional() });
/** BladeX's bare `{success, msg}` (logout, clear cache). */
export const BareOk = z.object({ success: z.string(), msg: z.string() });
/** Nothing to answer but success (the envelope's data is null or absent). */
export const Nothing = z.null().optional();
