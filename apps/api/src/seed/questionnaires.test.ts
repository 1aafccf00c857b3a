import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  allQuestions,
  answerKind,
  PRODUCT_CHOICE_SEPARATOR,
  questionnaireSchema,
  ruleInputs,
  type JsonLogic,
  type Questionnaire,
} from '@elmwood/domain';
import { createTestDatabase } from '../../test/support/database';
import type { Database } from '../db/client';
import { questionnaires } from '../db/schema/index';
import { seedCatalog } from './catalog';
import { demoCatalog } from './data/catalog';
import { demoQuestionnaires, followUpQuestionnaires, seedQuestionnaires } from './questionnaires';

const webPublic = fileURLToPath(new URL('../../../web/public', import.meta.url));
const parsed = demoQuestionnaires.map((input) => questionnaireSchema.parse(input));
const followUps = followUpQuestionnaires.map((input) => questionnaireSchema.parse(input));

function rulesOf(questionnaire: Questionnaire): JsonLogic[] {
  const { knockouts, products } = questionnaire.rules;
  const showWhen = allQuestions(questionnaire).flatMap((question) => (question.showWhen === undefined ? [] : [question.showWhen]));
  return [...knockouts.map((rule) => rule.when), ...products.flatMap((rule) => (rule.when === undefined ? [] : [rule.when])), ...showWhen];
}

describe.each([...parsed, ...followUps].map((questionnaire) => [questionnaire.slug, questionnaire] as const))('the %s questionnaire as data', (_slug, questionnaire) => {
  const questions = allQuestions(questionnaire);
  const questionIds = new Set(questions.map((question) => question.id));

  it('has unique step and question ids, and a known type for every question', () => {
    expect(new Set(questionnaire.steps.map((step) => step.id)).size).toBe(questionnaire.steps.length);
    expect(questionIds.size).toBe(questions.length);
    for (const question of questions) expect(answerKind(question.type), question.id).not.toBeNull();
  });

  it('offers answers to every choice question, with unique values', () => {
    for (const question of questions) {
      const kind = answerKind(question.type);
      if (kind === 'single' || kind === 'multiple' || kind === 'productChoice' || kind === 'datetime') {
        expect(question.answers.length, question.id).toBeGreaterThan(0);
        expect(new Set(question.answers.map((answer) => answer.value)).size, question.id).toBe(question.answers.length);
      }
    }
  });

  it('reads only questions and facts that exist, and knocks out on real questions', () => {
    for (const rule of rulesOf(questionnaire)) {
      const inputs = ruleInputs(rule);
      for (const id of inputs.answers) expect(questionIds, id).toContain(id);
      for (const name of inputs.facts) expect(Object.keys(questionnaire.rules.facts), name).toContain(name);
    }
    for (const fact of Object.values(questionnaire.rules.facts)) expect(questionIds).toContain(fact.question);
    for (const knockout of questionnaire.rules.knockouts) expect(questionIds).toContain(knockout.question);
    expect(new Set(questionnaire.rules.knockouts.map((rule) => rule.id)).size).toBe(questionnaire.rules.knockouts.length);
  });

  it('names products (and product-choice doses) of the catalogue, in its own category', () => {
    for (const { code } of questionnaire.rules.products) {
      const product = demoCatalog.find((candidate) => candidate.code === code);
      expect(product, code).toBeDefined();
      expect(product!.category).toBe(questionnaire.taxon);
    }
    for (const question of questions.filter((candidate) => answerKind(candidate.type) === 'productChoice')) {
      for (const { value } of question.answers.filter((answer) => answer.value.includes(PRODUCT_CHOICE_SEPARATOR))) {
        const [productCode, variantCode] = value.split(PRODUCT_CHOICE_SEPARATOR);
        const product = demoCatalog.find((candidate) => candidate.code === productCode);
        expect(product?.variants.map((variant) => variant.code), value).toContain(variantCode);
      }
    }
  });

  it('shows pictures that the web app serves', () => {
    for (const answer of questions.flatMap((question) => question.answers)) {
      if (answer.image) expect(existsSync(`${webPublic}${answer.image}`), answer.image).toBe(true);
    }
  });
});

describe('the three consultations', () => {
  it('are weight loss, erectile dysfunction and hair loss, with ids 1 to 3', () => {
    expect(parsed.map((questionnaire) => [questionnaire.questionnaireId, questionnaire.slug])).toEqual([
      [1, 'weight-loss'],
      [2, 'erectile-dysfunction'],
      [3, 'hair-loss'],
    ]);
  });

  it('use between them every question type a consultation needs, images included', () => {
    const types = new Set(parsed.flatMap((questionnaire) => allQuestions(questionnaire).map((question) => question.type.toLowerCase())));
    for (const type of ['imagechoice', 'multichoice', 'choice', 'productchoice', 'textarea', 'bmitype', 'weighttype', 'datetime', 'checkbox', 'dobtype']) {
      expect(types, type).toContain(type);
    }
  });
});

describe('the follow-up questionnaires', () => {
  it('are follow-ups with ids of their own, after the consultations', () => {
    expect(followUps.map((questionnaire) => [questionnaire.questionnaireId, questionnaire.slug, questionnaire.kind])).toEqual([
      [101, 'weight-loss-check-in', 'follow-up'],
    ]);
    expect(parsed.every((questionnaire) => questionnaire.kind === 'consultation')).toBe(true);
  });
});

describe('seedQuestionnaires', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  it('is idempotent, and a content change reaches the stored questionnaire', async () => {
    await seedQuestionnaires(database.db);
    const first = await database.db.select().from(questionnaires).orderBy(questionnaires.id);
    expect(first.map((row) => row.slug)).toEqual(['weight-loss', 'erectile-dysfunction', 'hair-loss']);

    await seedQuestionnaires(database.db);
    const second = await database.db.select().from(questionnaires).orderBy(questionnaires.id);
    expect(second).toEqual(first);

    const [weightLoss, ...others] = demoQuestionnaires;
    await seedQuestionnaires(database.db, [{ ...weightLoss!, title: 'Weight loss consultation (2)' }, ...others]);
    const [row] = await database.db.select().from(questionnaires).where(eq(questionnaires.id, 1));
    expect(row!.title).toBe('Weight loss consultation (2)');
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(first[0]!.updatedAt.getTime());
    const [untouched] = await database.db.select().from(questionnaires).where(eq(questionnaires.id, 2));
    expect(untouched!.updatedAt).toEqual(first[1]!.updatedAt);
  });

  it('refuses a malformed questionnaire before writing anything', async () => {
    const broken = { ...demoQuestionnaires[0]!, questionnaireId: 9, slug: 'broken', steps: [] };
    await expect(seedQuestionnaires(database.db, [broken])).rejects.toThrow();
    expect(await database.db.select().from(questionnaires).where(eq(questionnaires.id, 9))).toEqual([]);
  });
});
