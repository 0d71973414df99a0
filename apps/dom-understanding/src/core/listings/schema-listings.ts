import type { ContactListing, HotelListing, Listing, PaperListing } from '@forage/contracts';
import { fieldFrom, type Field } from './field.js';
import { parsePriceValue } from './price.js';
import { isProductItem, opt, schemaProduct } from './schema-product.js';
import { allItems, firstText, hasType, nestedItems, type StructuredItem } from './structured-item.js';

const MARKUP_CONFIDENCE = 0.9;
const LODGING = [
  'Hotel',
  'LodgingBusiness',
  'Motel',
  'Hostel',
  'BedAndBreakfast',
  'Resort',
  'Campground',
  'VacationRental',
  'Apartment',
];
const CONTACT = [
  'Person',
  'ContactPoint',
  'LocalBusiness',
  'Organization',
  'Corporation',
  'Store',
  'Restaurant',
  'Dentist',
  'Physician',
  'MedicalClinic',
];
const PAPER = [
  'ScholarlyArticle',
  'Article',
  'Report',
  'Thesis',
  'Chapter',
  'CreativeWork',
  'MedicalScholarlyArticle',
];

type ListingWithoutId = Listing extends infer L ? (L extends Listing ? Omit<L, 'id'> : never) : never;

/** Typed listings from schema.org items: products, lodgings, contacts (people and organisations with an e-mail or phone) and papers. */
export function schemaListings(items: readonly StructuredItem[]): ListingWithoutId[] {
  const out: ListingWithoutId[] = [];
  for (const item of allItems(items)) {
    if (isProductItem(item)) {
      const p = schemaProduct(item);
      out.push({
        kind: 'product',
        xpath: item.xpath,
        origin: item.origin,
        confidence: MARKUP_CONFIDENCE,
        ...opt('name', p.name),
        ...opt('price', p.price),
        ...opt('currency', p.currency),
        ...opt('sku', p.sku),
        ...opt('availability', p.availability),
        ...opt('brand', p.brand),
      });
    } else if (hasType(item, ...LODGING)) out.push(hotel(item));
    else if (hasType(item, ...PAPER) && (item.props.has('author') || hasType(item, 'ScholarlyArticle')))
      out.push(paper(item));
    else if (hasType(item, ...CONTACT) && (item.props.has('email') || item.props.has('telephone')))
      out.push(contact(item));
  }
  return out;
}

function text(item: StructuredItem, ...props: string[]): Field<string> | undefined {
  const v = firstText(item, ...props);
  return v?.text === undefined ? undefined : fieldFrom(v.text.trim(), v, item);
}

function hotel(item: StructuredItem): Omit<HotelListing, 'id'> {
  const rating = nestedItems(item, 'starRating')[0];
  const starAt = rating ? firstText(rating, 'ratingValue') : firstText(item, 'starRating');
  const stars = starAt?.text === undefined ? NaN : Number(starAt.text.replace(',', '.'));
  const priceAt =
    firstText(item, 'priceRange') ??
    nestedItems(item, 'makesOffer')
      .map((o) => firstText(o, 'price'))
      .find(Boolean);
  const price = priceAt?.text ? parsePriceValue(priceAt.text) : undefined;
  const address = nestedItems(item, 'address')[0];
  const amenities = nestedItems(item, 'amenityFeature')
    .filter((f) => !/^(false|no)$/i.test(firstText(f, 'value')?.text ?? 'true'))
    .map((f) => firstText(f, 'name')?.text)
    .filter((n): n is string => n !== undefined);
  const amenityAt = item.props.get('amenityFeature')?.[0];
  const geo = geoOf(item);
  return {
    kind: 'hotel',
    xpath: item.xpath,
    origin: item.origin,
    confidence: MARKUP_CONFIDENCE,
    ...opt('name', text(item, 'name')),
    ...(price && priceAt ? { price: fieldFrom(price.amount, priceAt, item) } : {}),
    ...(price?.currency && priceAt ? { currency: fieldFrom(price.currency, priceAt, item) } : {}),
    ...opt(
      'location',
      address ? text(address, 'addressLocality', 'streetAddress', 'name') : text(item, 'address'),
    ),
    ...(starAt && stars >= 0 && stars <= 5 ? { star_rating: fieldFrom(stars, starAt, rating ?? item) } : {}),
    ...(amenities.length > 0 && amenityAt
      ? { amenities: fieldFrom(amenities.slice(0, 100), amenityAt, item) }
      : {}),
    ...(geo ? { geo } : {}),
  };
}

/** schema.org `geo` (a GeoCoordinates with latitude and longitude), when both are numbers on Earth. */
function geoOf(item: StructuredItem): HotelListing['geo'] {
  const geo = nestedItems(item, 'geo')[0];
  const latAt = geo ? firstText(geo, 'latitude') : undefined;
  const lonAt = geo ? firstText(geo, 'longitude') : undefined;
  if (!geo || !latAt?.text || !lonAt?.text) return undefined;
  const latitude = Number(latAt.text);
  const longitude = Number(lonAt.text);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return fieldFrom({ latitude, longitude }, latAt, geo);
}

function contact(item: StructuredItem): Omit<ContactListing, 'id'> {
  const address = nestedItems(item, 'address')[0];
  const addressAt = item.props.get('address')?.[0];
  const addressText = address
    ? ['streetAddress', 'postalCode', 'addressLocality', 'addressCountry']
        .map((p) => firstText(address, p)?.text?.trim())
        .filter(Boolean)
        .join(', ')
    : addressAt?.text;
  return {
    kind: 'contact',
    xpath: item.xpath,
    origin: item.origin,
    confidence: MARKUP_CONFIDENCE,
    ...opt('name', text(item, 'name')),
    ...opt('email', text(item, 'email')),
    ...opt('phone', text(item, 'telephone')),
    ...(addressText && addressAt ? { address: fieldFrom(addressText, addressAt, item) } : {}),
  };
}

function paper(item: StructuredItem): Omit<PaperListing, 'id'> {
  const authorsAt = item.props.get('author') ?? [];
  const authors = authorsAt
    .map((a) => (a.item ? firstText(a.item, 'name')?.text : a.text))
    .filter((n): n is string => !!n);
  const first = authorsAt[0];
  return {
    kind: 'paper',
    xpath: item.xpath,
    origin: item.origin,
    confidence: MARKUP_CONFIDENCE,
    ...opt('title', text(item, 'headline', 'name')),
    ...(authors.length > 0 && first ? { authors: fieldFrom(authors.slice(0, 100), first, item) } : {}),
    ...opt('date', text(item, 'datePublished', 'dateCreated')),
    ...opt('abstract', text(item, 'abstract', 'description')),
    ...opt('url', text(item, 'url', 'sameAs')),
  };
}
