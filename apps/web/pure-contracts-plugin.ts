import MagicString from 'magic-string';
import type { Plugin } from 'vite';

// What the parser gives a transform: ESTree nodes with their offsets in the code.
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const contractsModule = /[\\/]packages[\\/]contracts[\\/]src[\\/](?!.*\.test\.ts$)[^\\/]+\.ts$/;
// What, outside a function, makes the bundler keep a value nothing reads: it may run code.
const mayRunCode = new Set([
  'CallExpression',
  'NewExpression',
  'SpreadElement',
  'MemberExpression',
  'TaggedTemplateExpression',
]);
const functions = new Set(['ArrowFunctionExpression', 'FunctionExpression']);

/**
 * Lets the dashboard's build drop every value of a contracts module that no chunk uses. Contracts
 * modules only declare (packages/contracts/src/modules.test.ts holds that), but a schema is built by calls
 * (`z.string().trim().max(limits.x, messages.y)`, `name.optional()`, `{ ...counts }`) that the bundler
 * must otherwise keep, with the modules they read, because a call, a spread or a property read could
 * do something. Kept, they also keep zod in a chunk: on a phone the Inbox's first load built the
 * schemas of five modules, and loaded zod, for a few lists of words.
 *
 * Each top-level `const x = <value>` becomes `const x = /* @__PURE__ *\/ (() => (<value>))()`: the same
 * value, built at the same moment, that the bundler may drop when nothing reads `x`.
 */
export function pureContracts(): Plugin {
  return {
    name: 'balas-pure-contracts',
    apply: 'build',
    transform(code, id) {
      if (!contractsModule.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const out = new MagicString(code);
      for (const value of declaredValues(program.body)) {
        out.appendLeft(value.start, '/* @__PURE__ */ (() => (');
        out.prependRight(value.end, '))()');
      }
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}

function declaredValues(body: Node[]): Node[] {
  const values: Node[] = [];
  for (const statement of body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (init && runsCode(init)) values.push(init);
    }
  }
  return values;
}

function runsCode(node: Node): boolean {
  if (functions.has(node.type)) return false;
  if (mayRunCode.has(node.type)) return true;
  return Object.values(node).some((value) =>
    Array.isArray(value)
      ? value.some((item) => isNode(item) && runsCode(item))
      : isNode(value) && runsCode(value),
  );
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}
