import { slugify } from '../format.js';
import type { Random } from '../random.js';
import type { NameForge } from './names.js';

export type Availability = 'InStock' | 'LimitedAvailability' | 'OutOfStock';

export interface ProductCategory {
  readonly name: string;
  readonly slug: string;
  readonly blurb: string;
}

export interface Product {
  readonly name: string;
  readonly slug: string;
  readonly sku: string;
  readonly brand: string;
  readonly category: string;
  readonly categorySlug: string;
  readonly priceUsd: number;
  readonly availability: Availability;
  /** Units left; 0 when out of stock. */
  readonly stock: number;
  readonly rating: number;
  readonly description: string;
  readonly specs: readonly (readonly [label: string, value: string])[];
}

interface CategoryPlan {
  readonly category: ProductCategory;
  readonly code: string;
  readonly nouns: readonly string[];
  readonly priceRange: readonly [number, number];
  readonly specs: (random: Random) => [string, string][];
}

const BRANDS = ['Ridgeway', 'Northkin', 'Cairnline', 'Tamsworth', 'Fellcraft', 'Lowmoor'];
const MATERIALS = [
  'ripstop nylon',
  'recycled polyester',
  'aluminium',
  'titanium',
  'stainless steel',
  'waxed canvas',
];

const PLANS: readonly CategoryPlan[] = [
  {
    category: { name: 'Tents', slug: 'tents', blurb: 'Shelters for fast summits and slow weekends.' },
    code: 'TNT',
    nouns: ['Tent', 'Shelter', 'Tarp Tent', 'Dome'],
    priceRange: [89, 649],
    specs: (r) => [
      ['Capacity', `${r.int(1, 4)} persons`],
      ['Packed weight', `${r.int(900, 4200)} g`],
      ['Seasons', `${r.pick([3, 3, 4])}-season`],
      ['Floor area', `${r.int(18, 60) / 10} m²`],
      ['Fabric', r.pick(MATERIALS.slice(0, 2))],
    ],
  },
  {
    category: {
      name: 'Backpacks',
      slug: 'backpacks',
      blurb: 'Packs for day hikes, commutes and long trails.',
    },
    code: 'BPK',
    nouns: ['Pack', 'Daypack', 'Rucksack', 'Trail Pack'],
    priceRange: [39, 329],
    specs: (r) => [
      ['Volume', `${r.int(12, 75)} L`],
      ['Weight', `${r.int(400, 2300)} g`],
      ['Back length', `${r.int(40, 55)} cm`],
      ['Material', r.pick(MATERIALS)],
      ['Rain cover', r.pick(['Included', 'Not included'])],
    ],
  },
  {
    category: { name: 'Camp Kitchen', slug: 'camp-kitchen', blurb: 'Stoves, pots and mugs that pack small.' },
    code: 'KIT',
    nouns: ['Stove', 'Cook Set', 'Kettle', 'Mug', 'Pan'],
    priceRange: [12, 189],
    specs: (r) => [
      ['Weight', `${r.int(80, 1200)} g`],
      ['Capacity', `${r.int(3, 25) / 10} L`],
      ['Material', r.pick(MATERIALS.slice(2))],
      ['Fuel', r.pick(['Gas canister', 'Alcohol', 'None', 'Wood'])],
      ['Dishwasher safe', r.pick(['Yes', 'No'])],
    ],
  },
  {
    category: {
      name: 'Lighting',
      slug: 'lighting',
      blurb: 'Headlamps and lanterns for the hours after dusk.',
    },
    code: 'LGT',
    nouns: ['Headlamp', 'Lantern', 'Torch', 'Light'],
    priceRange: [15, 149],
    specs: (r) => [
      ['Maximum output', `${r.int(10, 120) * 10} lumens`],
      ['Battery', r.pick(['Rechargeable Li-ion', '3 × AAA', '2 × AA', 'USB-C rechargeable'])],
      ['Burn time (low)', `${r.int(8, 200)} h`],
      ['Water resistance', r.pick(['IPX4', 'IPX6', 'IPX7'])],
      ['Weight', `${r.int(40, 400)} g`],
    ],
  },
];

const PRODUCTS_PER_CATEGORY = 10;

export const PRODUCT_CATEGORIES: readonly ProductCategory[] = PLANS.map((p) => p.category);

/** Forty products in four categories, each with a unique SKU, a price and a specs table. */
export function generateProducts(random: Random, names: NameForge): Product[] {
  const products: Product[] = [];
  let serial = 100;
  for (const plan of PLANS) {
    for (let i = 0; i < PRODUCTS_PER_CATEGORY; i++) {
      const brand = random.pick(BRANDS);
      const name = `${brand} ${names.word(random.int(1, 2))} ${random.int(1, 9) * (random.chance(0.5) ? 10 : 1)} ${random.pick(plan.nouns)}`;
      const availability = random.pick<Availability>([
        'InStock',
        'InStock',
        'InStock',
        'LimitedAvailability',
        'OutOfStock',
      ]);
      const [low, high] = plan.priceRange;
      serial += random.int(1, 40);
      const specs = plan.specs(random);
      specs.push(['Warranty', `${random.int(1, 5)} years`]);
      products.push({
        name,
        slug: slugify(name),
        sku: `GL-${plan.code}-${serial}`,
        brand,
        category: plan.category.name,
        categorySlug: plan.category.slug,
        priceUsd: random.int(low, high) + (random.chance(0.6) ? 0.95 : 0),
        availability,
        stock:
          availability === 'OutOfStock'
            ? 0
            : availability === 'LimitedAvailability'
              ? random.int(1, 4)
              : random.int(8, 120),
        rating: Math.round((3 + random.next() * 2) * 10) / 10,
        description: `${name} is built by ${brand} for people who carry their gear a long way. ${plan.category.blurb}`,
        specs,
      });
    }
  }
  return products;
}
