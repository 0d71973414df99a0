/**
 * Test-only stored snapshots (not built) for the statement checks: each a trap a careless verifier
 * falls into. Names are invented; none comes from a benchmark.
 */

/** A product page whose "related products" rail prices other items. */
export const SIDEBAR_PAGE = `<!doctype html><html><head><title>Alder Trail Tent – Outfitters</title></head><body>
<main><h1>Alder Trail Tent</h1>
<div class="buy"><span class="price">€249.00</span><p>SKU: AT-2041</p></div>
<p>A two-person tent for three seasons.</p></main>
<aside class="related-products"><h2>Customers also bought</h2>
<ul><li class="card"><h3><a href="/p/birch">Birch Dome Tent</a></h3><span>€199.00</span></li>
<li class="card"><h3><a href="/p/cedar">Cedar Tarp</a></h3><span>€59.00</span></li></ul></aside>
</body></html>`;

/**
 * A product page laid out in boxes of one class, each titled: the item's own sections ("Product
 * details", "Technische Daten") beside a box about other items.
 */
export const SECTIONS_PAGE = `<!doctype html><html><head><title>Rowan Camp Stove – Outfitters</title></head><body>
<main><h1>Rowan Camp Stove</h1>
<div class="box"><h2>Product details</h2><ul><li>Item number: RCS-118</li><li>Weight: 410 g</li></ul></div>
<div class="box"><h2>Technische Daten:</h2><p>Artikelnummer: RCS-118-DE</p></div>
<div class="box"><h2>Larch Pot Set</h2><p>Item number: LPS-20</p></div>
</main></body></html>`;

/** A page about one tent with a table comparing it with others (entities in rows, then in columns). */
export const COMPARISON_PAGE = `<!doctype html><html><head><title>Alder Trail Tent review</title></head><body>
<h1>Alder Trail Tent</h1>
<h2>How it compares</h2>
<table><thead><tr><th>Model</th><th>Price</th><th>Weight</th></tr></thead>
<tbody><tr><td>Alder Trail Tent</td><td>$249</td><td>2.1 kg</td></tr>
<tr><td>Birch Dome Tent</td><td>$199</td><td>1.8 kg</td></tr></tbody></table>
<table><tr><th></th><th>Alder Trail Tent</th><th>Birch Dome Tent</th></tr>
<tr><th>Price</th><td>$249</td><td>$199</td></tr>
<tr><th>Weight</th><td>2.1 kg</td><td>1.8 kg</td></tr></table>
</body></html>`;

/** Product pages labelled in Korean and German, with a price and a code side by side. */
export const KOREAN_PAGE = `<!doctype html><html lang="ko"><head><title>등산 텐트</title></head><body>
<h1>등산 텐트 2인용</h1>
<ul><li>가격: ₩35,000</li><li>상품코드: KR-7731</li><li>무게: 2,1 kg</li></ul>
</body></html>`;
export const GERMAN_PAGE = `<!doctype html><html lang="de"><head><title>Wanderzelt</title></head><body>
<h1>Wanderzelt Leicht</h1>
<dl><dt>Preis</dt><dd>1.234,50 €</dd><dt>Artikelnummer</dt><dd>WZ-4410</dd><dt>Gewicht</dt><dd>2,1 kg</dd></dl>
<p>Nicht verfügbar in Blau.</p>
</body></html>`;

/** Encyclopedia pages of an invented country and its capital (a nested question's two hops). */
export const COUNTRY_PAGE = `<!doctype html><html><head><title>Velmora – Encyclopedia</title></head><body>
<h1>Velmora</h1>
<table class="infobox"><tr><th>Capital</th><td>Tassen</td></tr>
<tr><th>Population</th><td>4,120,300</td></tr><tr><th>Area</th><td>88,410 km²</td></tr></table>
<p>Orvik is not the capital of Velmora; it is the largest port.</p>
</body></html>`;
export const CITY_PAGE = `<!doctype html><html><head><title>Tassen – Encyclopedia</title></head><body>
<h1>Tassen</h1>
<p>Tassen is the capital of Velmora. It has a population of 612,900.</p>
</body></html>`;
/** A city page whose sentences name the country too, each stating a number about one of them. */
export const CITY_CENSUS_PAGE = `<!doctype html><html><head><title>Tassen – Encyclopedia</title></head><body>
<h1>Tassen</h1>
<p>The 2021 census recorded 612,900 residents in Tassen, about 15% of the population of Velmora.</p>
<p>Tassen, the largest city of Velmora, has 612,900 residents.</p>
<p>Tassen lies in the north of Velmora, which has a population of 4,120,300.</p>
</body></html>`;

/** A listing of hotels with prices and features. */
export const LISTING_PAGE = `<!doctype html><html><head><title>Hotels in Marlow Bay</title></head><body>
<h1>Hotels in Marlow Bay</h1>
<div class="results">
<article class="hotel"><h2><a href="/hotels/harbour-lights">Harbour Lights</a></h2><p class="price">$180 per night</p><p>Pool · Free parking</p></article>
<article class="hotel"><h2><a href="/hotels/dune-house">Dune House</a></h2><p class="price">$240 per night</p><p>No pool · Free parking</p></article>
</div></body></html>`;

/** A product page with an old and a new price, whose JSON-LD declares the price it sells at. */
export const DECLARED_PRICE_PAGE = `<!doctype html><html><head><title>Fir Hammock</title>
<script type="application/ld+json">{"@type":"Product","name":"Fir Hammock","offers":{"@type":"Offer","price":"49.00","priceCurrency":"EUR"}}</script>
</head><body><h1>Fir Hammock</h1>
<p><s>€69.00</s></p><p>€49.00</p></body></html>`;
