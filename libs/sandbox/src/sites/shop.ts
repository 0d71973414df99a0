import { groupDigits, usd } from '../format.js';
import { markup, inlineScript, jsonLd, type SafeHtml } from '../html.js';
import { renderPage, type Link, type SiteChrome } from '../layout.js';
import { categoryPath, productPath } from '../paths.js';
import type { SandboxPage, SiteContent } from '../types.js';
import {
  PRODUCT_CATEGORIES,
  type Availability,
  type Product,
  type ProductCategory,
} from '../world/products.js';
import { commonPages, htmlPage } from './common.js';
import { contactPage, contactRoute } from './shop-contact.js';

const CHROME: SiteChrome = {
  title: 'Gearloft',
  tagline: 'Outdoor gear, tested in bad weather',
  accent: '#b4461f',
  nav: [
    { href: '/', label: 'Home' },
    { href: '/products', label: 'All products' },
    ...PRODUCT_CATEGORIES.map((c) => ({ href: categoryPath(c.slug), label: c.name })),
    { href: '/contact', label: 'Contact' },
  ],
  footer: [
    { href: '/about', label: 'About Gearloft' },
    { href: '/contact', label: 'Contact & returns' },
    { href: '/privacy', label: 'Privacy' },
  ],
  related: PRODUCT_CATEGORIES.map((c) => ({ href: categoryPath(c.slug), label: c.name })),
};

const ALL_PRODUCTS_PER_PAGE = 12;
const CATEGORY_PER_PAGE = 6;

const AVAILABILITY_TEXT: Record<Availability, string> = {
  InStock: 'In stock',
  LimitedAvailability: 'Only a few left',
  OutOfStock: 'Out of stock',
};

/** "Add to cart" is JS-only: a button with a click listener, neither a link nor a form. */
const CART_SCRIPT = `(function () {
  var count = document.getElementById('cart-count');
  var status = document.querySelector('.cart-status');
  document.querySelectorAll('button.add-to-cart').forEach(function (button) {
    button.addEventListener('click', function () {
      var n = Number(count.textContent) + 1;
      count.textContent = String(n);
      if (status) status.textContent = 'Added ' + button.dataset.name + ' to your cart (' + n + ' item' + (n === 1 ? '' : 's') + ').';
    });
  });
})();`;

/** Gearloft: a small outdoor-gear shop with paginated listings, product pages and a contact form. */
export function generateShop(input: { products: readonly Product[] }): SiteContent {
  const { products } = input;
  const pages: SandboxPage[] = [
    home(products),
    ...listingPages({ title: 'All products', base: '/products', products, perPage: ALL_PRODUCTS_PER_PAGE }),
    ...PRODUCT_CATEGORIES.flatMap((category) => categoryPages(category, products)),
    ...products.map((p) => productPage(p, products)),
    contactPage(CHROME),
    ...commonPages(CHROME, {
      heading: 'About Gearloft',
      paragraphs: [
        'Gearloft is a small outdoor shop run by people who walk, climb and camp. We sell about forty products in four categories and test each one on the hill before it goes on sale.',
        'Every product page lists its SKU, price, stock and full specifications. Prices are in US dollars and include sales tax.',
      ],
    }),
  ];
  return {
    name: 'shop',
    title: CHROME.title,
    chrome: CHROME,
    pages: new Map(pages.map((p) => [p.path, p])),
    dynamicRoutes: [contactRoute(CHROME)],
  };
}

function home(products: readonly Product[]): SandboxPage {
  const featured = [...products]
    .sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name, 'en'))
    .slice(0, 6);
  const main = markup`<h1>Gear for the long way round</h1>
<p>${products.length} products in ${PRODUCT_CATEGORIES.length} categories, each tested in the field before it goes on sale.</p>
<h2>Shop by category</h2>
<ul class="categories">${PRODUCT_CATEGORIES.map((c) => markup`<li class="card"><a href="${categoryPath(c.slug)}">${c.name}</a> — ${c.blurb}</li>`)}</ul>
<h2>Customer favourites</h2>
<ul class="featured">${featured.map((p) => markup`<li><a href="${productPath(p.slug)}">${p.name}</a> — ${usd(p.priceUsd)}, rated ${p.rating.toFixed(1)} / 5</li>`)}</ul>
<h2>Free returns for 60 days</h2>
<p>Not the right fit? Send it back within 60 days for a full refund. Questions? <a href="/contact">Write to us</a>.</p>`;
  return htmlPage(
    '/',
    renderPage(CHROME, {
      title: 'Outdoor gear',
      description: 'Tents, backpacks, camp kitchen and lighting, tested in the field.',
      main,
    }),
  );
}

function categoryPages(category: ProductCategory, products: readonly Product[]): SandboxPage[] {
  return listingPages({
    title: category.name,
    base: categoryPath(category.slug),
    products: products.filter((p) => p.categorySlug === category.slug),
    perPage: CATEGORY_PER_PAGE,
    intro: category.blurb,
  });
}

/** A listing split into pages: `/base`, `/base/page/2`, … with Previous/Next links. */
function listingPages(input: {
  title: string;
  base: string;
  products: readonly Product[];
  perPage: number;
  intro?: string;
}): SandboxPage[] {
  const pageCount = Math.ceil(input.products.length / input.perPage);
  const pathOf = (page: number): string => (page === 1 ? input.base : `${input.base}/page/${page}`);
  return Array.from({ length: pageCount }, (_, i) => {
    const page = i + 1;
    const items = input.products.slice(i * input.perPage, page * input.perPage);
    const main = markup`<h1>${input.title}${page > 1 ? ` (page ${page})` : ''}</h1>
${input.intro && markup`<p>${input.intro}</p>`}
<p>${input.products.length} products. Showing ${i * input.perPage + 1}–${i * input.perPage + items.length}.</p>
<ul class="product-grid">${items.map(
      (p) =>
        markup`<li class="card product-card"><h2><a href="${productPath(p.slug)}">${p.name}</a></h2><p class="price">${usd(p.priceUsd)}</p><p>${AVAILABILITY_TEXT[p.availability]} · rated ${p.rating.toFixed(1)} / 5</p></li>`,
    )}</ul>
<nav class="pagination" aria-label="Pages">
${page > 1 && markup`<a rel="prev" href="${pathOf(page - 1)}">Previous</a>`}
<span>Page ${page} of ${pageCount}</span>
${page < pageCount && markup`<a rel="next" href="${pathOf(page + 1)}">Next</a>`}
</nav>`;
    const crumbs: Link[] = [{ href: input.base, label: input.title }];
    return htmlPage(
      pathOf(page),
      renderPage(CHROME, {
        title: page > 1 ? `${input.title} – page ${page}` : input.title,
        description: `${input.title} at Gearloft.`,
        main,
        breadcrumbs: crumbs,
      }),
    );
  });
}

function productPage(product: Product, all: readonly Product[]): SandboxPage {
  const similar = all
    .filter((p) => p.categorySlug === product.categorySlug && p.slug !== product.slug)
    .slice(0, 5);
  const stockText =
    product.availability === 'LimitedAvailability'
      ? `Only ${product.stock} left`
      : AVAILABILITY_TEXT[product.availability];
  const main = markup`<article class="product">
<h1>${product.name}</h1>
<p class="brand">by ${product.brand}</p>
<p class="price">${usd(product.priceUsd)}</p>
<p class="availability">${stockText}</p>
<p class="sku">SKU: <code>${product.sku}</code></p>
<p class="rating">Rated ${product.rating.toFixed(1)} out of 5</p>
<p class="cart-summary">Cart: <span id="cart-count">0</span> items</p>
<button type="button" class="add-to-cart" data-sku="${product.sku}" data-name="${product.name}"${product.availability === 'OutOfStock' ? markup` disabled` : ''}>Add to cart</button>
<p class="cart-status" role="status" aria-live="polite"></p>
<h2>Description</h2>
<p>${product.description} It costs ${usd(product.priceUsd)} and ships within two working days${product.stock > 0 ? ` (${groupDigits(product.stock)} in stock)` : ' once it is back in stock'}.</p>
<h2>Specifications</h2>
<table class="specs"><tbody>${product.specs.map(([label, value]) => markup`<tr><th scope="row">${label}</th><td>${value}</td></tr>`)}
<tr><th scope="row">SKU</th><td>${product.sku}</td></tr></tbody></table>
<h2>Delivery and returns</h2>
<p>Free delivery on orders over $75. Returns are free within 60 days. Warranty claims are handled by our workshop.</p>
</article>`;
  const sidebar: SafeHtml = markup`<section><h2>Similar products</h2><ul>${similar.map((p) => markup`<li><a href="${productPath(p.slug)}">${p.name}</a> — ${usd(p.priceUsd)}</li>`)}</ul>
<p><a href="${categoryPath(product.categorySlug)}">All ${product.category}</a></p></section>`;
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category,
    description: product.description,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, bestRating: 5 },
    offers: {
      '@type': 'Offer',
      price: product.priceUsd.toFixed(2),
      priceCurrency: 'USD',
      availability: `https://schema.org/${product.availability}`,
    },
  };
  return htmlPage(
    productPath(product.slug),
    renderPage(CHROME, {
      title: product.name,
      description: `${product.name} by ${product.brand}: ${usd(product.priceUsd)}, ${stockText.toLowerCase()}.`,
      main,
      breadcrumbs: [
        { href: categoryPath(product.categorySlug), label: product.category },
        { href: productPath(product.slug), label: product.name },
      ],
      sidebar,
      scripts: markup`${jsonLd(structured)}${inlineScript(CART_SCRIPT)}`,
    }),
  );
}
