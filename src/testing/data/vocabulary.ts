/**
 * Word lists the generator draws from. Values are made up but look like the catalogue's: titles, names in
 * several scripts (the real data is full of non-Latin original names), genres with the service's own ids.
 */

export const TV_GENRES = [10759, 16, 35, 80, 99, 18, 10751, 10762, 9648, 10763, 10764, 10765, 10766, 10767, 10768, 37];
export const MOVIE_GENRES = [
  28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 10770, 53, 10752, 37,
];

/** Original languages, weighted towards English like the real catalogue (earlier entries repeat). */
export const LANGUAGES = [
  'en',
  'en',
  'en',
  'en',
  'ja',
  'ko',
  'es',
  'fr',
  'de',
  'hi',
  'zh',
  'ru',
  'pt',
  'it',
  'tl',
  'ar',
];

export const COUNTRY_OF: Record<string, string> = {
  en: 'US',
  ja: 'JP',
  ko: 'KR',
  es: 'ES',
  fr: 'FR',
  de: 'DE',
  hi: 'IN',
  zh: 'CN',
  ru: 'RU',
  pt: 'BR',
  it: 'IT',
  tl: 'PH',
  ar: 'EG',
};

export const LANGUAGE_NAMES: Record<string, [native: string, english: string]> = {
  en: ['English', 'English'],
  ja: ['日本語', 'Japanese'],
  ko: ['한국어/조선말', 'Korean'],
  es: ['Español', 'Spanish'],
  fr: ['Français', 'French'],
  de: ['Deutsch', 'German'],
  hi: ['हिन्दी', 'Hindi'],
  zh: ['普通话', 'Mandarin'],
  ru: ['Pусский', 'Russian'],
  pt: ['Português', 'Portuguese'],
  it: ['Italiano', 'Italian'],
  tl: ['', 'Tagalog'],
  ar: ['العربية', 'Arabic'],
};

export const ADJECTIVES = [
  'Silent',
  'Crimson',
  'Broken',
  'Hidden',
  'Golden',
  'Last',
  'Northern',
  'Wild',
  'Little',
  'Dark',
  'Bright',
  'Lost',
  'Iron',
  'Secret',
  'Endless',
  'Frozen',
  'Burning',
  'Quiet',
  'Electric',
  'Velvet',
  'Hollow',
  'Savage',
];

export const NOUNS = [
  'Harbor',
  'Empire',
  'Kingdom',
  'Detective',
  'Garden',
  'Frontier',
  'Signal',
  'Witness',
  'Island',
  'Family',
  'Station',
  'Dynasty',
  'Orchard',
  'Circuit',
  'Republic',
  'Lighthouse',
  'Academy',
  'Cartel',
  'Hospital',
  'Road',
  'Crown',
  'Storm',
  'Tides',
  'Saints',
  'Ghosts',
  'Rivals',
  'Heirs',
  'Wolves',
  'Strangers',
  'Doctors',
];

export const PLACES = ['Seoul', 'Lagos', 'Manila', 'Berlin', 'Osaka', 'Lisbon', 'Mumbai', 'Chicago', 'Naples', 'Cairo'];

export const FIRST_NAMES = [
  'Anna',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Isabel',
  'Jun',
  'Kwame',
  'Lena',
  'Mateo',
  'Nadia',
  'Oscar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tomás',
  'Uma',
  'Viktor',
  'Wen',
  'Yara',
  'Zoë',
];

export const LAST_NAMES = [
  'Adler',
  'Brennan',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fontaine',
  'García',
  'Hartmann',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Novak',
  "O'Connor",
  'Petrova',
  'Rossi',
  'Santos',
  'Tanaka',
  'Vargas',
  'Weber',
];

/** Syllables per script, for original names in the language's own writing. */
export const SCRIPTS: Record<string, readonly string[]> = {
  ja: ['さ', 'く', 'ら', 'の', '夜', '明', 'け', '東', '京', 'ひ', 'か', 'り', '物', '語', 'み', 'ち'],
  ko: ['사', '랑', '의', '불', '시', '착', '우', '리', '집', '비', '밀', '숲', '하', '늘', '별'],
  zh: ['长', '安', '的', '荔', '枝', '山', '河', '令', '风', '起', '陇', '西', '梦', '华', '录'],
  ru: ['Тихий', 'Дон', 'Братья', 'Ночь', 'Город', 'Зима', 'Метод', 'Сказка', 'Улица', 'Волга'],
  hi: ['आशि', 'काना', 'प्यार', 'की', 'कहानी', 'सपने', 'दिल', 'घर', 'रिश्ते'],
  ar: ['الحب', 'في', 'زمن', 'القاهرة', 'ليالي', 'الحلمية', 'بيت', 'العائلة'],
};

export const DEPARTMENTS: readonly [department: string, jobs: readonly string[]][] = [
  ['Production', ['Producer', 'Executive Producer', 'Co-Producer', 'Line Producer', 'Casting']],
  ['Writing', ['Writer', 'Novel', 'Story Editor']],
  ['Directing', ['Director']],
  ['Sound', ['Original Music Composer', 'Sound Designer']],
  ['Art', ['Production Design', 'Set Decoration']],
  ['Camera', ['Director of Photography']],
  ['Costume & Make-Up', ['Costume Design']],
  ['Editing', ['Editor']],
];

export const VIDEO_TYPES = ['Trailer', 'Trailer', 'Teaser', 'Clip', 'Featurette', 'Behind the Scenes', 'Bloopers'];

export const OVERVIEW_OPENINGS = [
  'After a long absence,',
  'In a city that never sleeps,',
  'Years after the war,',
  'When a stranger arrives,',
  'On the eve of a wedding,',
  'Following a mysterious disappearance,',
  'In a remote village,',
];

export const OVERVIEW_SUBJECTS = [
  'a retired detective',
  'two estranged sisters',
  'a young surgeon',
  'an ambitious chef',
  'a family of thieves',
  'a small-town mayor',
  'a disgraced journalist',
  'a gifted teenager',
  'a crew of misfits',
];

export const OVERVIEW_ACTIONS = [
  'must confront the secrets of the past',
  'uncovers a conspiracy that reaches the top',
  'fights to keep the family business alive',
  'discovers that nothing is what it seems',
  'races against time to save a friend',
  'learns what it costs to tell the truth',
];
