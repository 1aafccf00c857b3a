import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { orders } from './schema/orders';
import { outer } from './outer';

const apiSource = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Names a file imports from the schema: the tables. */
function schemaTables(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !/\/db\/schema\//.test((statement.moduleSpecifier as ts.StringLiteral).text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
  }
  return names;
}

/** For each `${…}` of a template, whether it stands inside a parenthesised subquery (`(select …)` or `exists (…)`). */
function insideSubquery(template: ts.TemplateExpression): boolean[] {
  const texts = [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
  const stack: boolean[] = [];
  let before = '';
  return texts.slice(0, -1).map((text) => {
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i];
      if (char === '(') stack.push(/^\s*select\b/i.test(text.slice(i + 1)) || /\bexists\s*$/i.test(before + text.slice(0, i)));
      else if (char === ')') stack.pop();
    }
    before += text + ' ? ';
    return stack.includes(true);
  });
}

/**
 * Columns a raw-SQL subquery takes from a table it does not itself read: `${orders.id}` inside `(select …)` or
 * `exists (…)` in a template whose own `from`/`join` do not name `${orders}`. Each must be spelled `outer(orders.id)`.
 */
function bareOuterColumns(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const tables = schemaTables(file);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText()) && ts.isTemplateExpression(node.template)) {
      const spans = node.template.templateSpans.map((span) => span.expression);
      const readHere = new Set(spans.filter(ts.isIdentifier).map((id) => id.text));
      const inside = insideSubquery(node.template);
      spans.forEach((expression, index) => {
        if (!inside[index] || !ts.isPropertyAccessExpression(expression) || !ts.isIdentifier(expression.expression)) return;
        const table = expression.expression.text;
        if (tables.has(table) && !readHere.has(table)) {
          const line = file.getLineAndCharacterOfPosition(expression.getStart()).line + 1;
          found.push(`${relative(apiSource, path)}:${line} ${expression.getText()}`);
        }
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('outer', () => {
  it('names the outer table even where drizzle writes a single-table select’s columns bare', () => {
    const db = drizzle.mock();
    const query = db
      .select({ bare: sql`(select 1 from order_items i where i.order_id = ${orders.id})`, named: sql`(select 1 from order_items i where i.order_id = ${outer(orders.id)})` })
      .from(orders)
      .toSQL().sql;
    expect(query).toContain('i.order_id = "id"');
    expect(query).toContain('i.order_id = "orders"."id"');
  });

  it('is how every raw-SQL subquery in the API refers to a column of its outer query', () => {
    expect(sourceFiles(apiSource).flatMap(bareOuterColumns)).toEqual([]);
  });
});
