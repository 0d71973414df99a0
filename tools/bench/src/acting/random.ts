/** A small seeded generator (mulberry32): the same seed gives the same task instance. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    const x = xs[this.int(xs.length)];
    if (x === undefined) throw new Error('pick from an empty list');
    return x;
  }
  /** k distinct items, in random order. */
  sample<T>(xs: readonly T[], k: number): T[] {
    const pool = [...xs];
    const out: T[] = [];
    while (out.length < k && pool.length > 0) out.push(...pool.splice(this.int(pool.length), 1));
    return out;
  }
}

/** Words task pages label their elements with (generic UI and everyday words). */
export const WORDS = [
  'Apple',
  'Harbor',
  'Maple',
  'Orbit',
  'Cedar',
  'Delta',
  'Ember',
  'Falcon',
  'Garnet',
  'Hazel',
  'Indigo',
  'Juniper',
  'Kestrel',
  'Lagoon',
  'Meadow',
  'Nimbus',
  'Opal',
  'Pebble',
  'Quartz',
  'Raven',
  'Saffron',
  'Tundra',
  'Umber',
  'Violet',
  'Willow',
  'Yarrow',
  'Zephyr',
  'Amber',
  'Birch',
  'Coral',
];
export const VERBS_UI = [
  'Save',
  'Continue',
  'Cancel',
  'Preview',
  'Share',
  'Archive',
  'Refresh',
  'Download',
  'Print',
  'Reset',
];
export const FIELDS = [
  'first name',
  'last name',
  'city',
  'company',
  'nickname',
  'comment',
  'title',
  'street',
  'team',
  'favourite colour',
];
export const VALUES = [
  'blue lagoon',
  'Kira',
  'north gate',
  'Zed 42',
  'quiet morning',
  'Sol',
  'river stone',
  'Tam',
  'green field',
  'Oak 7',
];
export const ORDINAL_WORDS: readonly [string, number][] = [
  ['first', 1],
  ['second', 2],
  ['third', 3],
  ['fourth', 4],
  ['last', -1],
];
