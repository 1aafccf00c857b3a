import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTION = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration', 'ClassBody']);
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Where each call of an expression starts, not looking inside functions (those run later, if ever). */
function callStarts(node: Node, starts: number[]): void {
  if (FUNCTION.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.push(node.start);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) callStarts(child, starts);
  }
}

/**
 * Marks every call in a module's top-level declarations as pure (`/* @__PURE__ *\/`), for modules `include` matches.
 * The domain package is pure rules (ARCHITECTURE.md): its constants are built by calls without side effects, mostly zod
 * schemas chained from other schemas (`addressSchema.extend(…)`), which the bundler cannot prove pure by itself. Without
 * this, a page that only reads one plain constant of a module (a cart error code) carries every schema in that module,
 * and the schema library with them.
 */
export function pureTopLevelCalls(include: RegExp): Plugin {
  return {
    name: 'elmwood-pure-top-level-calls',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!include.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const starts: number[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) if (isNode(declarator.init)) callStarts(declarator.init, starts);
      }
      if (starts.length === 0) return null;
      const edited = new MagicString(code);
      for (const start of starts) edited.appendLeft(start, '/* @__PURE__ */ ');
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
    },
  };
}
