import { z } from 'zod';
import { defineCommand } from './define.js';
import { evidenceRefSchema, httpUrlSchema, runIdSchema } from './common.js';
import { geoPointSchema, listingSchema } from './dom.js';
import { sourceSchema } from './source.js';

/** The listings one page offered (dom.understand.v1's `listings`), with where the page's evidence is. */
export const listingPageSchema = z
  .object({
    url: httpUrlSchema,
    title: z.string().max(1000).default(''),
    domSnapshot: evidenceRefSchema,
    logRecordId: z.uuid(),
    listings: z.array(listingSchema).max(500),
  })
  .meta({ title: 'ListingPage' });
export type ListingPage = z.infer<typeof listingPageSchema>;

/** What the user asked for: bounds, and the order to rank by. */
export const listingCriteriaSchema = z
  .object({
    /** `relevance` keeps the order of confidence (then first seen). */
    rankBy: z.enum(['price', 'rating', 'relevance', 'distance']).default('relevance'),
    /** Default: ascending for price and distance, descending for rating and relevance. */
    order: z.enum(['asc', 'desc']).optional(),
    maxPrice: z.number().nonnegative().optional(),
    minPrice: z.number().nonnegative().optional(),
    minRating: z.number().min(0).max(5).optional(),
    /** ISO 4217 code; items priced in another known currency are left out when set. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
    /** A named place: items whose location or address names it rank before the others. */
    place: z.string().min(1).max(200).optional(),
    near: geoPointSchema.optional().meta({
      description:
        "The named place's coordinates, when known: items with coordinates are ranked by their distance to it",
    }),
    limit: z.number().int().min(1).max(200).default(20),
  })
  .meta({ title: 'ListingCriteria' });
export type ListingCriteria = z.infer<typeof listingCriteriaSchema>;

/** One field of a merged listing as normalised, with where it was read (to cite or re-check). */
export const listingFieldValueSchema = z.object({
  field: z.string().max(40),
  /** The normalised value as text ("189", "USD", "4.5", "2024-03-01", "wifi, pool"). */
  value: z.string().max(2000),
  url: httpUrlSchema,
  xpath: z.string().max(2000),
  snippet: z.string().max(500),
});
export type ListingFieldValue = z.infer<typeof listingFieldValueSchema>;

export const mergedListingSchema = z
  .object({
    kind: z.enum(['hotel', 'product', 'contact', 'paper']),
    /** The name (a paper's title). */
    name: z.string().min(1).max(2000),
    price: z.object({ amount: z.number().nonnegative(), currency: z.string().max(3).nullable() }).optional(),
    /** Star or review rating in [0, 5]. */
    rating: z.number().min(0).max(5).optional(),
    location: z.string().max(2000).optional(),
    /** ISO 8601 date (papers). */
    date: z.string().max(40).optional(),
    fields: z.array(listingFieldValueSchema).max(50),
    /** Share of the kind's required fields present and valid. */
    completeness: z.number().min(0).max(1),
    missing: z.array(z.string().max(40)).max(20),
    /** More than two required fields missing. */
    incomplete: z.boolean(),
    /** 0.8 × completeness + 0.2 × selector stability (0.5 when no reload measured it). */
    confidence: z.number().min(0).max(1),
    /** Field values that failed their type check and were left out ("price: not a number"). */
    issues: z.array(z.string().max(300)).max(50),
    /** The location or address names the criteria's place. */
    nearPlace: z.boolean().optional(),
    /** Coordinates read from the listing's markup. */
    geo: geoPointSchema.optional(),
    /** Distance in km to the criteria's place: computed from coordinates, or as the card states it. */
    distance: z
      .object({
        km: z.number().nonnegative(),
        from: z.enum(['geo', 'stated']),
        /** What the distance is measured to ("the centre", the criteria's place). */
        to: z.string().max(300),
      })
      .optional(),
    /** Where the name was read: cite this. */
    source: sourceSchema,
    /** Every page listing merged into this item (fuzzy same name and address). */
    seenOn: z.array(z.object({ url: httpUrlSchema, listingId: z.string().max(100) })).max(100),
  })
  .meta({ title: 'MergedListing' });
export type MergedListing = z.infer<typeof mergedListingSchema>;

export const processListings = defineCommand({
  subject: 'processing.listings.v1',
  description:
    'Validate, normalise, deduplicate across pages and rank typed listings by the criteria; listings without a name are rejected with the reason',
  request: z
    .object({
      runId: runIdSchema,
      pages: z.array(listingPageSchema).max(100),
      criteria: listingCriteriaSchema.default({ rankBy: 'relevance', limit: 20 }),
    })
    .meta({ title: 'ProcessListings' }),
  reply: z.object({
    /** Ranked, deduplicated, within the criteria's bounds, cut to `limit`. */
    items: z.array(mergedListingSchema),
    /** Listings that could not be used at all (no name). */
    rejected: z.array(
      z.object({ url: httpUrlSchema, listingId: z.string().max(100), reason: z.string().max(300) }),
    ),
    /** Valid items the criteria's bounds left out. */
    filteredOut: z.number().int().nonnegative(),
    /** Listings merged into another (same item on another page or twice on one page). */
    duplicates: z.number().int().nonnegative(),
  }),
});
