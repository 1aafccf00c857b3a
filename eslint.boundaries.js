// The import boundaries, generated from the folder list so that a new module or feature is walled in the day it
// appears (see docs/decisions/0006-module-boundaries.md).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The folders directly under `parent` (a repo-relative path), each a module or a feature. */
export function foldersIn(parent) {
  return readdirSync(new URL(parent, `file://${root}`), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * What a module or feature shows: its `index.ts`, and, where it has one, its `contract.ts`: the types that other
 * modules write against (the notifier), a leaf that imports none of the module's code, so naming them ties no loop.
 */
const PUBLIC_FACE = ['./index.ts', './contract.ts'];

/**
 * One zone per folder: from inside it, every other folder of `parent` is closed but for its public face.
 * `message` says what to do instead.
 */
export function publicFaceZones(parent, message) {
  const folders = foldersIn(parent);
  return folders.map((folder) => ({
    target: `${parent}/${folder}`,
    from: folders.filter((other) => other !== folder).map((other) => `${parent}/${other}`),
    except: PUBLIC_FACE,
    message,
  }));
}

const API = 'apps/api/src';
const WEB = 'apps/web/src';

/**
 * The module imports not yet moved into a workflow or a port (docs/decisions/0006-module-boundaries.md): each pair may
 * still use the other module's index.ts, and only that. The list only shrinks; any other module import fails lint.
 */
export const MODULE_IMPORTS_LEFT = {
  account: ['coaches', 'orders'],
  cart: ['quiz'],
  clinic: ['companion', 'gp', 'notifications', 'orders', 'subscriptions', 'support', 'verification', 'weight'],
  companion: ['subscriptions'],
  orders: ['cart', 'coaches'],
  payment: ['account', 'orders'],
  subscriptions: ['orders', 'referrals', 'weight'],
  tasks: ['order-messages'],
  'urgent-care': ['companion', 'subscriptions'],
  verification: ['subscriptions'],
};

/**
 * A module imports no other module: what it needs of one is a port it declares (or a type in contracts/), handed in
 * where the modules are composed, and what two modules do together is a workflow. Only the pairs left above may
 * still meet, through the index.
 */
export function moduleZones(parent, left) {
  const folders = foldersIn(parent);
  return folders.flatMap((folder) => {
    const others = folders.filter((other) => other !== folder);
    const allowed = left[folder] ?? [];
    const walled = others.filter((other) => !allowed.includes(other));
    return [
      {
        target: `${parent}/${folder}`,
        from: walled.map((other) => `${parent}/${other}`),
        message:
          'A module never imports another module: declare the port it needs (types shared by several modules live in contracts/) and hand it in where the modules are composed (app.ts, services.ts), or make the process a workflow (apps/api/src/workflows).',
      },
      ...(allowed.length === 0
        ? []
        : [
            {
              target: `${parent}/${folder}`,
              from: allowed.map((other) => `${parent}/${other}`),
              except: ['./index.ts'],
              message: 'A module still on the list of imports left uses the other only through its index.ts.',
            },
          ]),
    ];
  });
}

export const boundaryZones = [
  ...moduleZones(`${API}/modules`, MODULE_IMPORTS_LEFT),
  {
    // Modules stand on the layers below them only.
    target: [`${API}/contracts`, `${API}/lifecycle`, `${API}/lib`, `${API}/db`, `${API}/adapters`],
    from: `${API}/modules`,
    message: 'contracts/, lifecycle/, lib/, db/ and adapters/ lie below the modules and know none of them.',
  },
  {
    // The layers above the modules combine them, through their faces too.
    target: [`${API}/workflows`, `${API}/jobs`],
    from: foldersIn(`${API}/modules`).map((module) => `${API}/modules/${module}`),
    except: PUBLIC_FACE,
    message: 'A workflow or a job uses a module only through its index.ts (or the types of its contract.ts).',
  },
  {
    target: `${API}/modules`,
    from: [`${API}/workflows`, `${API}/jobs`, `${API}/app.ts`, `${API}/main.ts`, `${API}/worker.ts`, `${API}/serve-api.ts`, `${API}/serve-jobs.ts`, `${API}/boot.ts`, `${API}/services.ts`, `${API}/seed`, `${API}/scripts`],
    message: 'A module knows nothing above it: the workflows, the jobs and the processes compose modules, not the other way round.',
  },
  {
    target: [`${API}/worker.ts`, `${API}/serve-jobs.ts`],
    from: `${API}/app.ts`,
    message: 'The worker starts the queues without building the HTTP app (it composes the services from services.ts).',
  },
  ...publicFaceZones(
    `${WEB}/features`,
    'A feature uses another only through its index.ts; what several features share belongs in lib/ or ui/.',
  ),
  {
    target: [`${WEB}/features`, `${WEB}/lib`, `${WEB}/ui`],
    from: `${WEB}/app`,
    message: 'The app shell composes the features; nothing below it imports it.',
  },
];
