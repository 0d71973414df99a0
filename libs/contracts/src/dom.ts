import { z } from 'zod';
import { defineCommand } from './define.js';
import { evidenceRefSchema, httpUrlSchema, runIdSchema } from './common.js';
import { sourceSchema } from './source.js';

export const pageOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ok') }),
  z.object({
    kind: z.literal('blocked'),
    reason: z.enum(['captcha', 'login_wall', 'http_403', 'http_429', 'http_503', 'robots', 'egress']),
    detail: z.string().max(500),
  }),
]);

/** An element that reacts to input only through JavaScript listeners (no link, form or ARIA role says so). */
export const scriptedElementSchema = z.object({
  xpath: z.string().max(2000),
  tag: z.string().max(50),
  name: z.string().max(300),
  events: z.array(z.string().max(40)).max(20),
});
export type ScriptedElement = z.infer<typeof scriptedElementSchema>;

/** The page's main content (boilerplate removed), capped so a snapshot stays well under 1 MB. */
export const mainContentSchema = z.object({
  title: z.string().max(1000),
  text: z.string().max(200_000),
  markdown: z.string().max(300_000),
  truncated: z.boolean(),
});
export type MainContent = z.infer<typeof mainContentSchema>;

/** What dom-extraction saw when it rendered a URL: evidence by reference plus metadata. */
export const pageSnapshotSchema = z
  .object({
    requestedUrl: httpUrlSchema,
    finalUrl: httpUrlSchema,
    status: z.number().int(),
    title: z.string().max(1000),
    contentType: z.string().max(200),
    loadTimeMs: z.number().nonnegative(),
    outcome: pageOutcomeSchema,
    logRecordId: z.uuid().meta({ description: 'The log record that holds this evidence' }),
    evidence: z.object({ domSnapshot: evidenceRefSchema, screenshot: evidenceRefSchema.nullable() }),
    network: z.object({
      redirects: z.array(z.string()).max(50),
      failedRequests: z.number().int().nonnegative(),
      blockedRequests: z.number().int().nonnegative(),
    }),
    mainContent: mainContentSchema.optional(),
    scriptedElements: z.array(scriptedElementSchema).max(500).optional(),
    links: z
      .array(httpUrlSchema)
      .max(1000)
      .optional()
      .meta({ description: 'The http(s) pages this page links to, without fragments (when asked for)' }),
    language: z
      .string()
      .max(35)
      .optional()
      .meta({ description: "The page's declared language (<html lang>), if any" }),
  })
  .meta({ title: 'PageSnapshot', description: 'A rendered page: evidence refs, metadata, diagnostics' });
export type PageSnapshot = z.infer<typeof pageSnapshotSchema>;

export const extractPage = defineCommand({
  subject: 'dom.extract.v1',
  description: 'Render a URL in Chromium and capture its live DOM and a screenshot as evidence',
  request: z
    .object({
      runId: runIdSchema,
      url: httpUrlSchema,
      sessionId: z.string().min(1).max(100).optional(),
      screenshot: z.boolean().default(true),
      timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
      links: z
        .boolean()
        .default(false)
        .meta({ description: "Also return the page's links and language (a crawler follows them)" }),
    })
    .meta({ title: 'ExtractPage' }),
  reply: pageSnapshotSchema,
});

export const contentChunkSchema = z.object({
  id: z.string().max(100),
  text: z.string().max(20_000),
  headingPath: z.array(z.string().max(500)).max(10),
  xpath: z.string().max(2000),
  nodeId: z
    .string()
    .max(100)
    .optional()
    .meta({ description: 'Stable id of the block (hash of its XPath and text): the same across reloads' }),
});
export type ContentChunk = z.infer<typeof contentChunkSchema>;

/** Most chunks one stored chunk set holds. */
export const CHUNK_SET_MAX_CHUNKS = 20_000;

/**
 * A page's content chunks as dom-understanding stores them in the evidence store (kind
 * `chunk_set`, JSON): stored once, content-addressed, and passed between services by reference,
 * so a run over many large pages never sends chunk bodies in a message.
 */
export const chunkSetSchema = z
  .object({
    url: httpUrlSchema,
    title: z.string().max(1000),
    chunks: z.array(contentChunkSchema).max(CHUNK_SET_MAX_CHUNKS),
  })
  .meta({ title: 'ChunkSet', description: "A page's content chunks, stored once and passed by reference" });
export type ChunkSet = z.infer<typeof chunkSetSchema>;
export const CHUNK_SET_CONTENT_TYPE = 'application/vnd.forage.chunk-set+json';

/** The reference to a stored chunk set and how many chunks it holds. */
export const chunkSetRefSchema = z
  .object({
    ref: evidenceRefSchema.extend({ kind: z.literal('chunk_set') }),
    count: z.number().int().nonnegative(),
  })
  .meta({ title: 'ChunkSetRef' });
export type ChunkSetRef = z.infer<typeof chunkSetRefSchema>;

export const interactiveElementSchema = z.object({
  id: z.string().max(100),
  tag: z.string().max(50),
  role: z.string().max(50),
  name: z.string().max(500),
  locator: z.string().max(2000),
  xpath: z.string().max(2000),
});
export type InteractiveElement = z.infer<typeof interactiveElementSchema>;

/** How a listing field was read: schema.org markup, page meta tags, a repeated card, or the page's own text. */
export const listingFieldOriginSchema = z.enum([
  'json-ld',
  'microdata',
  'rdfa',
  'meta',
  'repeated-structure',
  'page-text',
  /** Selectors an LLM proposed, kept only where re-querying the DOM confirmed them. */
  'llm-selectors',
]);
export type ListingFieldOrigin = z.infer<typeof listingFieldOriginSchema>;

/** One value of a typed listing with where it was read, so a verifier can re-check it on the page. */
function listingField<T extends z.ZodType>(value: T) {
  return z.object({
    value,
    xpath: z.string().max(2000),
    snippet: z.string().max(500),
    origin: listingFieldOriginSchema,
    source: sourceSchema.optional().meta({
      description:
        'The full Source of the field (page, XPath, node id, snippet, DOM snapshot, log record); dom.understand.v1 always sets it',
    }),
  });
}
const listingTextField = listingField(z.string().max(2000));
/** A price as a plain decimal string ("1299.5"): no thousands separators, no currency. */
const listingPriceField = listingField(
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .max(40),
);
const listingListField = listingField(z.array(z.string().max(300)).max(100));

/** A point on Earth in decimal degrees (WGS 84). */
export const geoPointSchema = z
  .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
  .meta({ title: 'GeoPoint' });
export type GeoPoint = z.infer<typeof geoPointSchema>;

export const productAvailabilitySchema = z.enum([
  'InStock',
  'OutOfStock',
  'PreOrder',
  'BackOrder',
  'LimitedAvailability',
  'Discontinued',
]);

const listingBase = {
  id: z.string().max(100),
  /** The element the listing was read from (a card, the item's markup, or the page body). */
  xpath: z.string().max(2000),
  origin: listingFieldOriginSchema,
  /** 0–1: how sure the reading is (markup beats repeated structure beats page text; fewer fields, less sure). */
  confidence: z.number().min(0).max(1),
  /** 0–1: share of fields read again from the same XPath with the same value after a reload (when one was given). */
  stability: z.number().min(0).max(1).optional(),
};

export const hotelListingSchema = z.object({
  kind: z.literal('hotel'),
  ...listingBase,
  name: listingTextField.optional(),
  price: listingPriceField.optional(),
  currency: listingTextField.optional(),
  location: listingTextField.optional(),
  star_rating: listingField(z.number().min(0).max(5)).optional(),
  amenities: listingListField.optional(),
  geo: listingField(geoPointSchema)
    .optional()
    .meta({ description: 'Coordinates from the markup (schema.org geo)' }),
  distance: listingTextField
    .optional()
    .meta({ description: 'A distance the card states, as written ("1.2 km from the centre")' }),
});
export const productListingSchema = z.object({
  kind: z.literal('product'),
  ...listingBase,
  name: listingTextField.optional(),
  price: listingPriceField.optional(),
  currency: listingTextField.optional(),
  sku: listingTextField.optional(),
  availability: listingField(productAvailabilitySchema).optional(),
  brand: listingTextField.optional(),
});
export const contactListingSchema = z.object({
  kind: z.literal('contact'),
  ...listingBase,
  name: listingTextField.optional(),
  email: listingTextField.optional(),
  phone: listingTextField.optional(),
  address: listingTextField.optional(),
});
export const paperListingSchema = z.object({
  kind: z.literal('paper'),
  ...listingBase,
  title: listingTextField.optional(),
  authors: listingListField.optional(),
  date: listingTextField.optional(),
  abstract: listingTextField.optional(),
  url: listingTextField.optional(),
});
/** A typed record read from a page without site-specific rules. */
export const listingSchema = z.discriminatedUnion('kind', [
  hotelListingSchema,
  productListingSchema,
  contactListingSchema,
  paperListingSchema,
]);
export type Listing = z.infer<typeof listingSchema>;
export type HotelListing = z.infer<typeof hotelListingSchema>;
export type ProductListing = z.infer<typeof productListingSchema>;
export type ContactListing = z.infer<typeof contactListingSchema>;
export type PaperListing = z.infer<typeof paperListingSchema>;
export type ProductAvailability = z.infer<typeof productAvailabilitySchema>;

/**
 * One way to find an element again. `unique`: ids and name attributes are unique in the whole
 * snapshot; role, label and text selectors are unique among the page's actionable elements.
 */
export const elementLocatorSchema = z.object({
  kind: z.enum(['test-id', 'id', 'role', 'label', 'css', 'text', 'xpath']),
  /** A Playwright selector string (`role=button[name="Go"s]`, `#q`, `text="Next"`, `xpath=/html[1]/…`). */
  selector: z.string().max(2000),
  unique: z.boolean(),
});
export type ElementLocator = z.infer<typeof elementLocatorSchema>;

/** Everything a page offers to act on, with what each element does and how to find it again. */
export const inventoryElementSchema = z.object({
  id: z.string().max(100),
  tag: z.string().max(50),
  role: z.string().max(50),
  name: z.string().max(500),
  /** One sentence: what acting on the element does (heuristic from its name, type and form; LLM-written when configured). */
  description: z.string().max(500),
  descriptionBy: z
    .enum(['heuristic', 'llm'])
    .optional()
    .meta({ description: 'Who wrote the description (absent: heuristic)' }),
  /** Input type for inputs (`email`, `checkbox`…), button type for buttons. */
  type: z.string().max(40).optional(),
  /** False when the author hides it (hidden, aria-hidden, inline display:none, inside closed details). */
  visible: z.boolean(),
  enabled: z.boolean(),
  required: z.boolean().optional(),
  checked: z.boolean().optional(),
  expanded: z.boolean().optional(),
  /** ids the element controls (aria-controls). */
  controls: z.array(z.string().max(200)).max(20).optional(),
  value: z.string().max(1000).optional(),
  options: z
    .array(z.object({ value: z.string().max(500), label: z.string().max(500), selected: z.boolean() }))
    .max(200)
    .optional(),
  /** The inventory id of the form the element belongs to. */
  form: z.string().max(100).optional(),
  /** For forms: where and how they submit. */
  action: z.string().max(2000).optional(),
  method: z.string().max(20).optional(),
  /** JavaScript listeners dom-extraction saw on the element (click, keydown…). */
  events: z.array(z.string().max(40)).max(20).optional(),
  /** Ranked most stable first. */
  locators: z.array(elementLocatorSchema).min(1).max(8),
  xpath: z.string().max(2000),
});
export type InventoryElement = z.infer<typeof inventoryElementSchema>;

export const understandPage = defineCommand({
  subject: 'dom.understand.v1',
  description: 'Turn a stored DOM snapshot into content chunks and interactive elements',
  request: z
    .object({
      runId: runIdSchema,
      url: httpUrlSchema,
      domSnapshot: evidenceRefSchema,
      logRecordId: z.uuid().optional().meta({
        description:
          "dom.extract.v1's log record of the capture that stored domSnapshot; listing fields' sources name it (else this understanding's own record, which names the same snapshot)",
      }),
      reloadSnapshot: evidenceRefSchema.optional().meta({
        description: 'The same URL captured again; listings then carry the stability of their selectors',
      }),
      scriptedElements: z.array(scriptedElementSchema).max(500).optional().meta({
        description: "The snapshot's elements with JavaScript listeners, as dom-extraction found them",
      }),
    })
    .meta({ title: 'UnderstandPage' }),
  reply: z
    .object({
      url: httpUrlSchema,
      title: z.string().max(1000),
      chunkSet: chunkSetRefSchema.meta({
        description: "The page's content chunks, stored in the evidence store (read them by reference)",
      }),
      interactive: z.array(interactiveElementSchema).max(1000),
      truncated: z.boolean(),
      logRecordId: z.uuid(),
      listings: z.array(listingSchema).max(200).optional().meta({
        description: "Typed listings (hotel, product, contact, paper) with each field's XPath and snippet",
      }),
      mainItem: listingSchema.optional().meta({
        description:
          "The item the page is about, read as a product: the schema.org item named like the main heading (or the page's only one), every field it lacks from meta tags and the text around the heading; absent when no price or product code is found. Not a listing: a page that merely quotes a price has one",
      }),
      inventory: z.array(inventoryElementSchema).max(1000).optional().meta({
        description: 'Every element the page offers to act on, with descriptions, state and ranked locators',
      }),
    })
    .meta({ title: 'PageUnderstanding' }),
});
