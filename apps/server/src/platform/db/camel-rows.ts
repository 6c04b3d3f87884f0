/** `created_at` → `createdAt`, as a type: the domain's name of a column. */
export type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelKey<Tail>>}`
  : S;

/** A table's row as services see it: the same values under camelCase names. */
export type Camel<Row> = { [K in keyof Row as CamelKey<K & string>]: Row[K] };

const camelKey = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snakeKey = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A row read with selectAll(), renamed for services: for repositories that read whole rows or whose
 * queries are generic over several tables; a query reading some columns aliases them instead.
 */
export const camelRow = <Row extends object>(row: Row): Camel<Row> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [camelKey(k), v])) as Camel<Row>;

/** The inverse of camelRow, for an insert or an update of those repositories. */
export const snakeRow = <Row extends object>(row: Camel<Row> | Partial<Camel<Row>>): Partial<Row> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [snakeKey(k), v])) as Partial<Row>;
