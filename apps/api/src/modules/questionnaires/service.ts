import { questionnaireSchema } from '@elmwood/domain';
import type { Db } from '../../db/client';
import type { Freshness } from '../../lib/prebuilt-replies';
import { SerialisedJson } from '../../lib/serialised-json';
import type { CachedQuestionnaire, QuestionnaireService } from '../../contracts/questionnaires';
import { findAllQuestionnaires, type QuestionnaireRow } from './repo';

export type { CachedQuestionnaire, QuestionnaireService };

interface Snapshot {
  bySlug: Map<string, CachedQuestionnaire>;
  byId: Map<number, CachedQuestionnaire>;
  freshness: Freshness;
}

function toCached(row: QuestionnaireRow, freshness: Freshness): CachedQuestionnaire {
  const questionnaire = questionnaireSchema.parse({
    questionnaireId: row.id,
    slug: row.slug,
    title: row.title,
    taxon: row.taxon,
    ...row.definition,
  });
  return {
    questionnaire,
    json: {
      answered: new SerialisedJson(JSON.stringify({ ...questionnaire, hasAnswered: true })),
      fresh: new SerialisedJson(JSON.stringify({ ...questionnaire, hasAnswered: false })),
    },
    freshness,
  };
}

/**
 * The questionnaires, parsed and validated once and kept in this process for `cacheSeconds` (0: read every
 * time). The quiz step and the cart's prescription check read them on every request, so they cost no query
 * while cached; several processes agree again within the TTL. Concurrent misses share one load.
 */
export function createQuestionnaireService(db: Db, cacheSeconds: number): QuestionnaireService {
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;

  async function load(): Promise<Snapshot> {
    const rows = await findAllQuestionnaires(db);
    const freshness = { expiresAt: cacheSeconds > 0 ? Date.now() + cacheSeconds * 1000 : 0 };
    const entries = rows.map((row) => toCached(row, freshness));
    return {
      bySlug: new Map(entries.map((entry) => [entry.questionnaire.slug, entry])),
      byId: new Map(entries.map((entry) => [entry.questionnaire.questionnaireId, entry])),
      freshness,
    };
  }

  async function current(): Promise<Snapshot> {
    if (snapshot && snapshot.freshness.expiresAt > Date.now()) return snapshot;
    if (!loading) {
      loading = load()
        .then((loaded) => {
          snapshot = cacheSeconds > 0 ? loaded : null;
          return loaded;
        })
        .finally(() => {
          loading = null;
        });
    }
    return loading;
  }

  return {
    bySlug: async (slug) => (await current()).bySlug.get(slug) ?? null,
    byId: async (id) => (await current()).byId.get(id) ?? null,
    invalidate() {
      if (snapshot) snapshot.freshness.expiresAt = 0;
      snapshot = null;
    },
  };
}
