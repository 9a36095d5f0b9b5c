/**
 * What a live PostgreSQL `sql_rows` check may run, decided on the tree of PostgreSQL's own parser
 * (libpg-query, compiled to WebAssembly, loaded only when a PostgreSQL check runs).
 */

/** Functions refused anywhere in a query, by what they would reach; matched on the unqualified name. */
const FORBIDDEN_FUNCTIONS: readonly (readonly [RegExp, string])[] = [
  [/^(pg_read_file|pg_read_binary_file|pg_stat_file|pg_ls_\w+|lo_import|lo_export)$/, 'reads or writes server files'],
  [/^dblink\w*$/, 'reaches another server'],
  [/^(query_to_xml\w*|cursor_to_xml\w*|ts_stat)$/, 'runs SQL given as text'],
  [/^(pg_sleep\w*|pg_(try_)?advisory\w*)$/, 'sleeps or takes locks'],
  [
    /^(set_config|pg_reload_conf|pg_rotate_logfile|pg_(terminate|cancel)_backend)$/,
    'changes settings or other sessions',
  ],
];

/** Statements that change data; PostgreSQL allows them inside WITH. */
const DATA_MODIFYING = new Map([
  ['InsertStmt', 'INSERT'],
  ['UpdateStmt', 'UPDATE'],
  ['DeleteStmt', 'DELETE'],
  ['MergeStmt', 'MERGE'],
]);

type Parser = typeof import('libpg-query');
let parser: Promise<Parser> | undefined;

async function loadParser(): Promise<Parser> {
  parser ??= import('libpg-query').then(async (module) => {
    await module.loadModule();
    return module;
  });
  return parser;
}

/**
 * Why the query may not run, or undefined when it may: exactly one `SELECT`, `WITH … SELECT`,
 * `VALUES` or `TABLE` statement, with no data-modifying WITH, no `SELECT INTO`, no `FOR UPDATE/SHARE`
 * and none of FORBIDDEN_FUNCTIONS.
 * @internal Exported for its tests only.
 */
export async function refusePostgresQuery(sql: string): Promise<string | undefined> {
  const { parseSync, scanSync } = await loadParser();
  let tree: ReturnType<Parser['parseSync']>;
  try {
    tree = parseSync(sql);
  } catch (error) {
    return `not valid PostgreSQL: ${(error as Error).message}`;
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1) return `expected exactly one statement, got ${statements.length}`;
  const statement = statements[0]!.stmt as Record<string, unknown>;
  if (!('SelectStmt' in statement)) {
    const first = scanSync(sql).tokens.find((token) => token.keywordName !== undefined || token.text.trim() !== '');
    return `only a single SELECT, WITH … SELECT, VALUES or TABLE statement may run, got ${first ? first.text.toUpperCase() : Object.keys(statement)[0]}`;
  }
  return refuseInTree(statement);
}

/** Walks the tree without recursion (a query can nest deeper than the stack). */
function refuseInTree(root: unknown): string | undefined {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      const modifying = DATA_MODIFYING.get(key);
      if (modifying) return `WITH holds a ${modifying}: only queries may run`;
      if (key === 'SelectStmt' && value !== null && typeof value === 'object') {
        if ('intoClause' in value) return 'SELECT INTO creates a table: only queries may run';
        if ('lockingClause' in value) return 'FOR UPDATE / FOR SHARE takes row locks: only plain queries may run';
      }
      if (key === 'FuncCall') {
        const names = ((value as { funcname?: { String?: { sval?: string } }[] }).funcname ?? []).map(
          (part) => part.String?.sval ?? '',
        );
        const name = names[names.length - 1] ?? '';
        const forbidden = FORBIDDEN_FUNCTIONS.find(([pattern]) => pattern.test(name));
        if (forbidden) return `${name}() ${forbidden[1]}: it may not be called`;
      }
      pending.push(value);
    }
  }
  return undefined;
}
