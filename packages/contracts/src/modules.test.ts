import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The dashboard's build lets the bundler drop any value of these modules nothing reads (apps/web's
// pure-contracts plugin): that is only right while loading a module does nothing but declare.
const declares = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
]);

function whatIsNotADeclaration(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements
    .filter((statement) => {
      if (declares.has(statement.kind)) return false;
      if (!ts.isVariableStatement(statement)) return true;
      // A `let` only as a cache a function fills on first use: declared empty.
      const list = statement.declarationList;
      return !(list.flags & ts.NodeFlags.Const) && list.declarations.some((d) => d.initializer !== undefined);
    })
    .map((statement) => `${file}:${source.getLineAndCharacterOfPosition(statement.getStart()).line + 1}`);
}

describe('contracts modules', () => {
  it('only declare: no statement runs as a module loads but the building of its constants', () => {
    const dir = import.meta.dirname;
    const modules = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(modules.length).toBeGreaterThan(30);
    expect(modules.flatMap((name) => whatIsNotADeclaration(join(dir, name)))).toEqual([]);
  });
});
