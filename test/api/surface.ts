import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from '../corpus.js';

/** One module entry of package.json `exports`: how a consumer names it and the source it is built from. */
export interface Entry {
  /** `toolscore`, `toolscore/reports`, … */
  name: string;
  /** The source file under src/ whose build the entry's `types` names. */
  source: string;
  /** The committed file that pins the entry's exports, under test/api/. */
  pin: string;
}

/** The module entries of package.json `exports` (the JSON Schemas and package.json itself are data, not modules). */
export function packageEntries(): Entry[] {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types?: string }>;
  };
  return Object.entries(manifest.exports).flatMap(([key, target]) => {
    if (typeof target === 'string' || !target.types) return [];
    const name = key === '.' ? 'toolscore' : `toolscore${key.slice(1)}`;
    const source = target.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts');
    return [{ name, source, pin: `test/api/${name.replaceAll('/', '-')}.api.txt` }];
  });
}

/** Whether an export reaches its declaration through an `export type` / `import type` somewhere on the way. */
function typeOnly(checker: ts.TypeChecker, symbol: ts.Symbol): boolean {
  let current: ts.Symbol | undefined = symbol;
  for (let hops = 0; current && current.flags & ts.SymbolFlags.Alias && hops < 50; hops++) {
    for (const declaration of current.declarations ?? []) {
      if (ts.isExportSpecifier(declaration) || ts.isImportSpecifier(declaration)) {
        if (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly) return true;
      } else if (ts.isImportClause(declaration) && declaration.isTypeOnly) return true;
      else if (ts.isNamespaceExport(declaration) && declaration.parent.isTypeOnly) return true;
    }
    current = checker.getImmediateAliasedSymbol(current);
  }
  return false;
}

/** The value a resolved symbol declares: `function`, `class`, `const`, `let`, `enum`, `namespace`, or none. */
function valueKind(symbol: ts.Symbol): string | undefined {
  const flags = symbol.flags;
  if (flags & ts.SymbolFlags.Function) return 'function';
  if (flags & ts.SymbolFlags.Class) return 'class';
  if (flags & ts.SymbolFlags.Enum) return 'enum';
  if (flags & ts.SymbolFlags.Variable) {
    const declaration = symbol.valueDeclaration;
    return declaration && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const ? 'const' : 'let';
  }
  if (flags & ts.SymbolFlags.ValueModule) return 'namespace';
  return undefined;
}

/** The type a resolved symbol declares beside its value (a class or enum is its own type): `interface`, `type`, or none. */
function typeKind(symbol: ts.Symbol): string | undefined {
  if (symbol.flags & ts.SymbolFlags.Interface) return 'interface';
  if (symbol.flags & ts.SymbolFlags.TypeAlias) return 'type';
  return undefined;
}

/** How one export reads in a pin: `function`, `const`, `interface`, `const+type` (a value and a type of one name), `type-only class`. */
function exportKind(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const value = valueKind(target);
  const type = typeKind(target);
  if (!value) return type ?? 'unknown';
  if (typeOnly(checker, symbol)) return `type-only ${value}`;
  return type ? `${value}+${type}` : value;
}

/**
 * The exported names of every entry, one line each, sorted: `<name> <kind>` (exportKind). Read from the sources with the compiler, so it
 * needs no build.
 */
export function exportedSurface(entries: Entry[]): Map<string, string> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(REPO_ROOT, 'tsconfig.build.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.build.json could not be read');
  const files = entries.map((entry) => join(REPO_ROOT, entry.source));
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const surface = new Map<string, string>();
  for (const entry of entries) {
    const file = program.getSourceFile(join(REPO_ROOT, entry.source));
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`${entry.source}: no such module (package.json exports ${entry.name})`);
    const lines = checker.getExportsOfModule(module).map((symbol) => `${symbol.name} ${exportKind(checker, symbol)}`);
    surface.set(entry.name, `${lines.sort().join('\n')}\n`);
  }
  return surface;
}
