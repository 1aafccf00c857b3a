// Controls for the write budgets: bare Fastify doing only what a write must do, with the shop's own rules, on the
// shop's database and the shop's pool size, so that the bench can tell the machine's floor from the shop's cost.
// Bundled by the bench with esbuild (it uses @elmwood/domain's TypeScript) and started beside the shop.
//   POST  /least/write       one guarded UPDATE of a consultation, nothing else: the floor of any write
//   PATCH /least/read-write  the consultation read, then written back with the answers merged (no rules)
//   PATCH /least/quiz-save   what a quiz step save cannot do without: the answers checked, the consultation read,
//                            evaluated by the clinical rules, written back guarded, and the evaluated state replied
import Fastify from 'fastify';
import pg from 'pg';
import { evaluateConsultation, questionnaireReplySchema, ukToday, type AnswersByGroup } from '@elmwood/domain';
import { checkGroupedAnswers } from '../../apps/api/src/modules/quiz/answers';
import { toQuizState } from '../../apps/api/src/modules/quiz/service';

const { DATABASE_URL, SHOP_URL, PORT } = process.env;
const POOL_SIZE = 10; // the shop's default (DATABASE_POOL_SIZE)

const questionnaire = questionnaireReplySchema.parse(await (await fetch(`${SHOP_URL}/shop-api/questionnaires/by-slug/weight-loss`)).json());
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE });
// The bench's patients' open consultations (it answers them before the writes run): each request takes the next.
const { rows: consultations } = await pool.query<{ id: string }>(
  'select id from consultations where questionnaire_id = $1 and closed_at is null order by created_at desc limit 200',
  [questionnaire.questionnaireId],
);
if (consultations.length === 0) throw new Error('no open consultation to write: the bench answers some first');
let next = 0;
const nextConsultation = () => consultations[next++ % consultations.length]!.id;

interface Stored {
  id: string;
  answers: Record<string, unknown>;
  outcome: unknown;
  version: string;
}
const read = async (id: string): Promise<Stored> =>
  (await pool.query<Stored>({ name: 'least_read', text: 'select id, answers, outcome, xmin::text as version from consultations where id = $1', values: [id] })).rows[0]!;
const write = (stored: Stored, answers: object, outcome: unknown) =>
  pool.query({
    name: 'least_write',
    text: 'update consultations set answers = $2, outcome = $3, updated_at = now() where id = $1 and closed_at is null and xmin::text = $4',
    values: [stored.id, JSON.stringify(answers), JSON.stringify(outcome), stored.version],
  });

const app = Fastify({ logger: false });
app.get('/least/ready', async () => ({ ok: true }));
app.post('/least/write', async () => {
  await pool.query({ name: 'least_touch', text: 'update consultations set updated_at = now() where id = $1', values: [nextConsultation()] });
  return { ok: true };
});
app.patch('/least/read-write', async (request) => {
  const stored = await read(nextConsultation());
  const answers = { ...stored.answers, ...Object.assign({}, ...Object.values(request.body as AnswersByGroup)) };
  await write(stored, answers, stored.outcome);
  return { consultationId: stored.id, answers };
});
app.patch('/least/quiz-save', async (request) => {
  const submitted = checkGroupedAnswers(questionnaire, request.body as AnswersByGroup);
  const stored = await read(nextConsultation());
  const answers = { ...stored.answers };
  for (const [questionId, value] of submitted) {
    if (value === null) delete answers[questionId];
    else answers[questionId] = value;
  }
  const outcome = evaluateConsultation(questionnaire, answers, ukToday(new Date()));
  await write(stored, answers, outcome);
  return toQuizState(questionnaire, stored.id, answers, outcome, [...submitted.keys()], true);
});
await app.listen({ port: Number(PORT), host: '127.0.0.1' });
