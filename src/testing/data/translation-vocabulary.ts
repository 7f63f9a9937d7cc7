/**
 * Word lists for the languages the fake has translations in. Titles are built as "article + noun + adjective"
 * (French, Spanish) or "article + adjective + noun" (German), with the adjective agreeing with the noun's gender,
 * so a translated title reads like one and can never equal the English title it stands for.
 */

type Gender = 'm' | 'f' | 'n';

export interface TranslationVocabulary {
  /** Nouns with their article and gender. */
  readonly nouns: readonly (readonly [phrase: string, gender: Gender])[];
  /** Adjectives by gender. */
  readonly adjectives: readonly Readonly<Record<Gender, string>>[];
  /** Adjective before the noun (German) or after it (French, Spanish). */
  readonly adjectiveFirst: boolean;
  readonly openings: readonly string[];
  readonly subjects: readonly string[];
  readonly actions: readonly string[];
  /** What the service calls an episode or a season that has no translation (`Épisode 3`, `Saison 2`). */
  readonly episode: string;
  readonly season: string;
  readonly specials: string;
  /** A movie's tagline where it has one (only translated movies do). */
  readonly taglines: readonly string[];
  /** A person's biography after their name, where their translations have one. */
  readonly biography: string;
  /** What a video in the language is called before its number (`Bande-annonce 2`). */
  readonly video: string;
}

export const TRANSLATION_VOCABULARY: Readonly<Record<string, TranslationVocabulary>> = {
  fr: {
    nouns: [
      ['Le Port', 'm'],
      ['Le Royaume', 'm'],
      ['Le Jardin', 'm'],
      ['Le Témoin', 'm'],
      ['Le Phare', 'm'],
      ['La Frontière', 'f'],
      ['La Famille', 'f'],
      ['La Dynastie', 'f'],
      ['La Tempête', 'f'],
      ['La Couronne', 'f'],
    ],
    adjectives: [
      { m: 'Silencieux', f: 'Silencieuse', n: 'Silencieux' },
      { m: 'Perdu', f: 'Perdue', n: 'Perdu' },
      { m: 'Caché', f: 'Cachée', n: 'Caché' },
      { m: 'Doré', f: 'Dorée', n: 'Doré' },
      { m: 'Sauvage', f: 'Sauvage', n: 'Sauvage' },
      { m: 'Secret', f: 'Secrète', n: 'Secret' },
      { m: 'Éternel', f: 'Éternelle', n: 'Éternel' },
    ],
    adjectiveFirst: false,
    openings: ['Après une longue absence,', 'Dans une ville qui ne dort jamais,', 'Des années après la guerre,'],
    subjects: ['un détective à la retraite', 'une sœur revenue d’exil', 'une jeune chirurgienne'],
    actions: [
      'affronte les secrets du passé',
      'découvre une conspiration',
      'se bat pour sauver l’entreprise familiale',
    ],
    episode: 'Épisode',
    season: 'Saison',
    specials: 'Épisodes spéciaux',
    taglines: ['Certains secrets ne dorment jamais.', 'Une nuit qui change tout.', 'D’après une histoire vraie.'],
    biography: 'est une figure du cinéma et de la télévision.',
    video: 'Bande-annonce',
  },
  de: {
    nouns: [
      ['Hafen', 'm'],
      ['Garten', 'm'],
      ['Zeuge', 'm'],
      ['Leuchtturm', 'm'],
      ['Grenze', 'f'],
      ['Familie', 'f'],
      ['Dynastie', 'f'],
      ['Krone', 'f'],
      ['Königreich', 'n'],
      ['Imperium', 'n'],
    ],
    // After the definite article every gender takes the weak ending -e in the nominative singular.
    adjectives: [
      { m: 'stille', f: 'stille', n: 'stille' },
      { m: 'verlorene', f: 'verlorene', n: 'verlorene' },
      { m: 'verborgene', f: 'verborgene', n: 'verborgene' },
      { m: 'goldene', f: 'goldene', n: 'goldene' },
      { m: 'wilde', f: 'wilde', n: 'wilde' },
      { m: 'geheime', f: 'geheime', n: 'geheime' },
      { m: 'ewige', f: 'ewige', n: 'ewige' },
    ],
    adjectiveFirst: true,
    openings: ['Nach langer Abwesenheit', 'In einer Stadt, die niemals schläft,', 'Jahre nach dem Krieg'],
    subjects: ['muss ein pensionierter Detektiv', 'müssen zwei entfremdete Schwestern', 'muss eine junge Chirurgin'],
    actions: [
      'sich den Geheimnissen der Vergangenheit stellen',
      'eine Verschwörung aufdecken',
      'um das Familienunternehmen kämpfen',
    ],
    episode: 'Episode',
    season: 'Staffel',
    specials: 'Specials',
    taglines: ['Manche Geheimnisse schlafen nie.', 'Eine Nacht verändert alles.', 'Nach einer wahren Geschichte.'],
    biography: 'arbeitet seit vielen Jahren für Film und Fernsehen.',
    video: 'Trailer (deutsch)',
  },
  es: {
    nouns: [
      ['El Puerto', 'm'],
      ['El Reino', 'm'],
      ['El Jardín', 'm'],
      ['El Testigo', 'm'],
      ['El Faro', 'm'],
      ['La Frontera', 'f'],
      ['La Familia', 'f'],
      ['La Dinastía', 'f'],
      ['La Tormenta', 'f'],
      ['La Corona', 'f'],
    ],
    adjectives: [
      { m: 'Silencioso', f: 'Silenciosa', n: 'Silencioso' },
      { m: 'Perdido', f: 'Perdida', n: 'Perdido' },
      { m: 'Oculto', f: 'Oculta', n: 'Oculto' },
      { m: 'Dorado', f: 'Dorada', n: 'Dorado' },
      { m: 'Salvaje', f: 'Salvaje', n: 'Salvaje' },
      { m: 'Secreto', f: 'Secreta', n: 'Secreto' },
      { m: 'Eterno', f: 'Eterna', n: 'Eterno' },
    ],
    adjectiveFirst: false,
    openings: ['Tras una larga ausencia,', 'En una ciudad que nunca duerme,', 'Años después de la guerra,'],
    subjects: ['un detective retirado', 'una hermana que vuelve del exilio', 'una joven cirujana'],
    actions: [
      'se enfrenta a los secretos del pasado',
      'descubre una conspiración',
      'lucha por salvar el negocio familiar',
    ],
    episode: 'Episodio',
    season: 'Temporada',
    specials: 'Especiales',
    taglines: ['Algunos secretos nunca duermen.', 'Una noche lo cambia todo.', 'Basada en una historia real.'],
    biography: 'es una figura del cine y la televisión.',
    video: 'Tráiler',
  },
};

const GERMAN_ARTICLES: Readonly<Record<Gender, string>> = { m: 'Der', f: 'Die', n: 'Das' };

/** Joins a noun and an adjective in the language's order and agreement. */
export function titlePhrase(
  vocabulary: TranslationVocabulary,
  noun: readonly [string, Gender],
  adjective: Readonly<Record<Gender, string>>,
): string {
  const [phrase, gender] = noun;
  return vocabulary.adjectiveFirst
    ? `${GERMAN_ARTICLES[gender]} ${adjective[gender]} ${phrase}`
    : `${phrase} ${adjective[gender]}`;
}
