import type { Random } from '../random.js';

const ONSETS = [
  'b',
  'br',
  'c',
  'd',
  'dr',
  'f',
  'g',
  'h',
  'k',
  'kr',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  'st',
  't',
  'tr',
  'v',
  'z',
  'th',
  'sh',
  'qu',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'y'];
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 'm', 'nd', 'rt', 'th'];
const COUNTRY_ENDINGS = ['ia', 'ora', 'and', 'onia', 'eth', 'uria', 'ene', 'ar', 'avia', 'ica'];
const CITY_ENDINGS = [
  'burg',
  'port',
  'holm',
  'ford',
  'ville',
  'grad',
  'mouth',
  'stad',
  'haven',
  'a',
  'o',
  'ine',
  'by',
  'wick',
];

/**
 * Invents pronounceable names from syllables. Every name it returns is unique and is never a
 * substring of another (so "Velor" and "Veloria" cannot both exist and confuse answer checks).
 */
export class NameForge {
  private readonly taken: string[] = [];

  constructor(private readonly random: Random) {}

  country(): string {
    return this.unique(() => joinEnding(this.root(this.random.int(1, 2)), this.random.pick(COUNTRY_ENDINGS)));
  }

  city(): string {
    return this.unique(() => {
      const root = this.root(this.random.int(1, 2));
      if (this.random.chance(0.12))
        return `Port ${capitalize(root + this.random.pick(['a', 'o', 'is', 'en']))}`;
      return joinEnding(root, this.random.pick(CITY_ENDINGS));
    });
  }

  /** A bare word: rivers, mountains, brands, people's surnames. */
  word(syllables = 2): string {
    return this.unique(() => this.root(syllables));
  }

  private root(syllables: number): string {
    let text = '';
    for (let i = 0; i < syllables; i++) {
      text += this.random.pick(ONSETS) + this.random.pick(VOWELS);
    }
    return capitalize(text + this.random.pick(CODAS));
  }

  private unique(make: () => string): string {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const name = make();
      const lower = name.toLowerCase();
      const clashes = this.taken.some((t) => t.includes(lower) || lower.includes(t));
      if (name.length >= 4 && name.length <= 14 && !clashes && !/(\w{2,})\1/i.test(name)) {
        this.taken.push(lower);
        return name;
      }
    }
    throw new Error('NameForge ran out of distinct names');
  }
}

/** "Sobrai" + "ica" → "Sobrica": no vowel pile-ups where a root meets a vowel-initial ending. */
function joinEnding(root: string, ending: string): string {
  const startsWithVowel = /^[aeiouy]/.test(ending);
  return (startsWithVowel ? root.replace(/[aeiouy]+$/, '') : root) + ending;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
