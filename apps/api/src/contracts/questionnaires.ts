import type { Questionnaire } from '@elmwood/domain';
import type { Freshness } from '../lib/prebuilt-replies';
import type { SerialisedJson } from '../lib/serialised-json';

export interface CachedQuestionnaire {
  questionnaire: Questionnaire;
  /** The GET reply, serialised once per hasAnswered value. */
  json: { answered: SerialisedJson; fresh: SerialisedJson };
  /** Until when this definition is the cached one (0 once forgotten or never kept). */
  freshness: Freshness;
}

/** The questionnaires, cached (the questionnaires module's service answers), as the quiz and the cart read them. */
export interface QuestionnaireService {
  bySlug(slug: string): Promise<CachedQuestionnaire | null>;
  byId(id: number): Promise<CachedQuestionnaire | null>;
  /** Forgets the cached definitions; the next read loads them again (after a seed or an edit). */
  invalidate(): void;
}
