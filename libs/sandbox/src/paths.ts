/** Root-relative URL paths, shared by the page generators and the facts so links and answers agree. */

export function wikiPath(title: string): string {
  return `/wiki/${title.replace(/ /g, '_')}`;
}

export function hotelPath(slug: string): string {
  return `/hotels/${slug}`;
}

export function productPath(slug: string): string {
  return `/products/${slug}`;
}

export function categoryPath(slug: string, page = 1): string {
  return page === 1 ? `/category/${slug}` : `/category/${slug}/page/${page}`;
}

export function hotelSearchPath(query: {
  city?: string;
  maxPrice?: number;
  parking?: boolean;
  page?: number;
}): string {
  const params = new URLSearchParams();
  if (query.city) params.set('city', query.city);
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.parking) params.set('parking', '1');
  if (query.page !== undefined && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `/search?${text}` : '/search';
}
