import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint configuration, run over a line that breaks a boundary in a real file's place: if a
// zone or the cycle rule were dropped or stopped resolving, `npm run lint` would pass in silence; this fails.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

async function rulesBroken(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const ZONE = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';

describe('the import boundaries lint enforces', { timeout: 120_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: repoRoot });
  });

  it('refuses an API module importing another module, even through its index, but for the pairs still left', async () => {
    const deep = await rulesBroken('apps/api/src/modules/tasks/example.ts', "import { lockOrder } from '../orders/repo';\nexport const lock = lockOrder;\n");
    expect(deep.filter((rule) => rule.startsWith(ZONE))).toHaveLength(1);
    const throughIndex = await rulesBroken('apps/api/src/modules/tasks/example.ts', "import { lockOrder } from '../orders/index';\nexport const lock = lockOrder;\n");
    expect(throughIndex.filter((rule) => rule.startsWith(ZONE))).toHaveLength(1);
    const typeOnly = await rulesBroken('apps/api/src/modules/weight/example.ts', "import type { AuthService } from '../auth/index';\nexport type Auth = AuthService;\n");
    expect(typeOnly.filter((rule) => rule.startsWith(ZONE))).toHaveLength(1);
    // A pair still on the list (eslint.boundaries.js) may meet through the index, and only there.
    const leftThroughIndex = await rulesBroken('apps/api/src/modules/tasks/example.ts', "import { addOrderMessage } from '../order-messages/index';\nexport const add = addOrderMessage;\n");
    expect(leftThroughIndex.filter((rule) => rule.startsWith(ZONE))).toEqual([]);
    const leftDeep = await rulesBroken('apps/api/src/modules/tasks/example.ts', "import { createOrderMessages } from '../order-messages/service';\nexport const create = createOrderMessages;\n");
    expect(leftDeep.filter((rule) => rule.startsWith(ZONE))).toHaveLength(1);
  });

  it('lets a module use the layers below it, and refuses those layers a module', async () => {
    const below = await rulesBroken(
      'apps/api/src/modules/weight/example.ts',
      "import type { TaskBook } from '../../contracts/tasks';\nimport { requireCustomer } from '../../lib/signed-in';\nimport { applyOrderEvent } from '../../lifecycle/index';\nexport type Book = TaskBook;\nexport const all = [requireCustomer, applyOrderEvent];\n",
    );
    expect(below.filter((rule) => rule.startsWith(ZONE))).toEqual([]);
    const upward = await rulesBroken('apps/api/src/lib/example.ts', "import { taskBook } from '../modules/tasks/index';\nexport const book = taskBook;\n");
    expect(upward.filter((rule) => rule.startsWith(ZONE))).toHaveLength(1);
  });

  it('refuses a module importing a workflow, a job or the app, and the worker importing the HTTP app', async () => {
    const upward = await rulesBroken(
      'apps/api/src/modules/clinic/example.ts',
      "import { createOrderDecisions } from '../../workflows/decide-order';\nimport { workEveryQueue } from '../../jobs/work-every-queue';\nimport { buildApp } from '../../app';\nexport const all = [createOrderDecisions, workEveryQueue, buildApp];\n",
    );
    expect(upward.filter((rule) => rule.startsWith(ZONE))).toHaveLength(3);
    const worker = await rulesBroken('apps/api/src/worker.ts', "import { buildApp } from './app';\nexport const build = buildApp;\n");
    expect(worker.filter((rule) => rule.startsWith(ZONE))).toHaveLength(1);
  });

  it("refuses a web feature reaching into another feature's files, and lets it through that feature's index", async () => {
    const deep = await rulesBroken(
      'apps/web/src/features/reminders/example.ts',
      "import { TaskCompletedDialog } from '../tasks/components/TaskCompletedDialog';\nexport const dialog = TaskCompletedDialog;\n",
    );
    expect(deep.filter((rule) => rule.startsWith(ZONE))).toHaveLength(1);
    const throughIndex = await rulesBroken('apps/web/src/features/reminders/example.ts', "import { TaskCompletedDialog } from '../tasks';\nexport const dialog = TaskCompletedDialog;\n");
    expect(throughIndex.filter((rule) => rule.startsWith(ZONE))).toEqual([]);
  });

  it('refuses an import cycle in the API, the web app and the domain package', async () => {
    // Each file below is imported by the one it now imports back.
    const api = await rulesBroken('apps/api/src/modules/notifications/phone.ts', "import { createNotifications } from './service';\nexport const create = createNotifications;\n");
    const web = await rulesBroken('apps/web/src/features/tasks/taskPath.ts', "import { useOpenTasks } from './index';\nexport const open = useOpenTasks;\n");
    const domain = await rulesBroken('packages/domain/src/quiz/underweight.ts', "import { rejectionSchema } from './consultation';\nexport const schema = rejectionSchema;\n");
    for (const broken of [api, web, domain]) expect(broken.filter((rule) => rule.startsWith(CYCLE)), broken.join('\n')).toHaveLength(1);
  });
});
