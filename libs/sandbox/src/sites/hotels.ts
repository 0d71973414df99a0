import { markup, inlineScript, jsonIsland, type SafeHtml } from '../html.js';
import { renderPage, type SiteChrome } from '../layout.js';
import { hotelPath, hotelSearchPath } from '../paths.js';
import type { DynamicRoute, SandboxPage, SiteContent } from '../types.js';
import type { Hotel } from '../world/hotels.js';
import { commonPages, errorPage, htmlPage } from './common.js';
import { hotelSearchRoute, searchForm, type SearchCity } from './hotel-search.js';

const CHROME: SiteChrome = {
  title: 'StayFinder',
  tagline: 'Hotels you can trust, at prices you can see',
  accent: '#0a7d5a',
  nav: [
    { href: '/', label: 'Home' },
    { href: '/search', label: 'Find a hotel' },
    { href: '/account', label: 'My bookings' },
    { href: '/login', label: 'Sign in' },
  ],
  footer: [
    { href: '/about', label: 'About StayFinder' },
    { href: '/privacy', label: 'Privacy' },
    { href: '/login', label: 'Partner sign-in' },
  ],
  related: [
    { href: '/search', label: 'All hotels' },
    { href: hotelSearchPath({ parking: true }), label: 'Hotels with free parking' },
  ],
};

export const REVIEWS_ISLAND_ID = 'reviews-data';

/** Renders guest reviews from the JSON island; plain HTTP fetching only sees "Loading reviews…". */
const REVIEWS_SCRIPT = `(function () {
  var island = document.getElementById('${REVIEWS_ISLAND_ID}');
  var list = document.querySelector('#reviews .review-list');
  if (!island || !list) return;
  var reviews = JSON.parse(island.textContent);
  reviews.forEach(function (r) {
    var li = document.createElement('li'); li.className = 'review';
    var h = document.createElement('h3'); h.textContent = r.title + ' — ' + r.rating + '/5';
    var meta = document.createElement('p'); meta.className = 'review-meta'; meta.textContent = r.author + ', ' + r.date;
    var text = document.createElement('p'); text.textContent = r.text;
    li.appendChild(h); li.appendChild(meta); li.appendChild(text); list.appendChild(li);
  });
  var loading = document.querySelector('#reviews .loading');
  if (loading) loading.remove();
})();`;

/** StayFinder: hotel search with filters and pagination, hotel pages, and a login wall. */
export function generateHotelSite(input: { hotels: readonly Hotel[] }): SiteContent {
  const { hotels } = input;
  const cities = citiesOf(hotels);
  const pages: SandboxPage[] = [
    home(hotels, cities),
    ...hotels.map((h) => hotelPage(h, hotels)),
    loginPage(),
    {
      ...htmlPage(
        '/account',
        renderPage(CHROME, {
          title: 'Sign in to see your bookings',
          description: 'Your StayFinder bookings.',
          main: loginWall(),
        }),
      ),
      listed: false,
    },
    ...commonPages(CHROME, {
      heading: 'About StayFinder',
      paragraphs: [
        'StayFinder lists independent hotels, inns and guesthouses in six cities. Prices shown are per room per night in US dollars, with taxes included.',
        'We check every listing by phone twice a year. Guest reviews come only from people who completed a stay booked through StayFinder.',
      ],
    }),
  ];
  const routes: DynamicRoute[] = [hotelSearchRoute({ chrome: CHROME, hotels, cities }), loginRoute()];
  return {
    name: 'hotels',
    title: CHROME.title,
    chrome: CHROME,
    pages: new Map(pages.map((p) => [p.path, p])),
    dynamicRoutes: routes,
  };
}

function citiesOf(hotels: readonly Hotel[]): SearchCity[] {
  const bySlug = new Map(hotels.map((h) => [h.citySlug, { name: h.city, slug: h.citySlug }]));
  return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

function home(hotels: readonly Hotel[], cities: readonly SearchCity[]): SandboxPage {
  const topRated = [...hotels]
    .sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name, 'en'))
    .slice(0, 6);
  const main = markup`<h1>Find your hotel</h1>
<p>Search ${hotels.length} hotels in ${cities.length} cities. Filter by price and by free parking, then compare guest ratings.</p>
${searchForm(cities)}
<h2 id="destinations">Popular destinations</h2>
<ul class="destinations">${cities.map((c) => {
    const count = hotels.filter((h) => h.citySlug === c.slug).length;
    return markup`<li><a href="${hotelSearchPath({ city: c.slug })}">Hotels in ${c.name}</a> (${count} properties)</li>`;
  })}</ul>
<h2>Top-rated stays</h2>
<ul class="featured">${topRated.map((h) => markup`<li class="card"><a href="${hotelPath(h.slug)}">${h.name}</a>, ${h.city} — guest rating ${h.rating.toFixed(1)} / 5, from $${h.pricePerNightUsd} per night</li>`)}</ul>
<h2>Why book with StayFinder</h2>
<p>No booking fees, free cancellation on most rooms until 48 hours before arrival, and prices that already include local taxes. If you find the same room cheaper elsewhere within 24 hours, we refund the difference.</p>`;
  return htmlPage(
    '/',
    renderPage(CHROME, {
      title: 'Hotels in six cities',
      description: 'Compare hotels by price, rating and free parking.',
      main,
    }),
  );
}

function hotelPage(hotel: Hotel, all: readonly Hotel[]): SandboxPage {
  const yesNo = (v: boolean): string => (v ? 'Yes' : 'No');
  const sameCity = all.filter((h) => h.citySlug === hotel.citySlug && h.slug !== hotel.slug).slice(0, 6);
  const main = markup`<article class="hotel">
<h1>${hotel.name}</h1>
<p class="stars">${hotel.stars}-star hotel in ${hotel.city}</p>
<p class="address">${hotel.address}</p>
<p><span class="price">$${hotel.pricePerNightUsd}</span> per night (USD, taxes included)</p>
<p class="rating">Guest rating: ${hotel.rating.toFixed(1)} / 5 from ${hotel.reviews.length} reviews</p>
<p>${hotel.name} has ${hotel.rooms} rooms and is a ${hotel.stars}-star property in ${hotel.city}, ${hotel.country}. A standard double room costs $${hotel.pricePerNightUsd} per night. ${hotel.freeParking ? 'Guests park for free on site.' : 'There is no free parking; a public garage is nearby.'}</p>
<h2>Amenities</h2>
<ul class="amenities">
<li>Free parking: ${yesNo(hotel.freeParking)}</li>
<li>Free Wi-Fi: ${yesNo(hotel.wifi)}</li>
<li>Swimming pool: ${yesNo(hotel.pool)}</li>
<li>Breakfast included: ${yesNo(hotel.breakfastIncluded)}</li>
<li>Pets allowed: ${yesNo(hotel.petsAllowed)}</li>
</ul>
<h2>House rules</h2>
<dl class="policies"><dt>Check-in</dt><dd>From ${hotel.checkIn}</dd><dt>Check-out</dt><dd>Until ${hotel.checkOut}</dd><dt>Cancellation</dt><dd>Free until 48 hours before arrival</dd></dl>
<p><a class="button" href="/account">Sign in to book this hotel</a></p>
<section id="reviews"><h2>Guest reviews</h2><p class="loading">Loading reviews…</p><ol class="review-list"></ol></section>
</article>`;
  const sidebar: SafeHtml = markup`<section><h2>More hotels in ${hotel.city}</h2><ul>${sameCity.map((h) => markup`<li><a href="${hotelPath(h.slug)}">${h.name}</a> — $${h.pricePerNightUsd}</li>`)}</ul>
<p><a href="${hotelSearchPath({ city: hotel.citySlug })}">All hotels in ${hotel.city}</a></p></section>`;
  return htmlPage(
    hotelPath(hotel.slug),
    renderPage(CHROME, {
      title: `${hotel.name}, ${hotel.city}`,
      description: `${hotel.name} in ${hotel.city}: $${hotel.pricePerNightUsd} per night, rated ${hotel.rating.toFixed(1)} / 5.`,
      main,
      breadcrumbs: [
        { href: hotelSearchPath({ city: hotel.citySlug }), label: hotel.city },
        { href: hotelPath(hotel.slug), label: hotel.name },
      ],
      sidebar,
      scripts: markup`${jsonIsland(REVIEWS_ISLAND_ID, hotel.reviews)}${inlineScript(REVIEWS_SCRIPT)}`,
    }),
  );
}

function loginForm(): SafeHtml {
  return markup`<form class="card login-form" action="/login" method="post">
<label for="email">Email address</label><input type="email" id="email" name="email" autocomplete="username" required>
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password" required>
<p><label><input type="checkbox" name="remember" value="1"> Keep me signed in on this device</label></p>
<button type="submit">Sign in</button>
</form>
<p>Forgot your password? Contact our support team and we will send you a reset link. New to StayFinder? Accounts are created automatically with your first booking.</p>`;
}

function loginPage(): SandboxPage {
  const main = markup`<h1>Sign in</h1><p>Sign in to manage your bookings, download invoices and save favourite hotels.</p>${loginForm()}`;
  return htmlPage(
    '/login',
    renderPage(CHROME, {
      title: 'Sign in',
      description: 'Sign in to your StayFinder account.',
      main,
      breadcrumbs: [{ href: '/login', label: 'Sign in' }],
    }),
  );
}

/** /account answers 200 but shows only a sign-in form: a login wall, not an error. */
function loginWall(): SafeHtml {
  return markup`<h1>Sign in to see your bookings</h1><p class="login-wall">Your bookings are private. Please sign in to continue.</p>${loginForm()}`;
}

/** POST /login never succeeds: the sandbox has no accounts. */
function loginRoute(): DynamicRoute {
  return {
    method: 'POST',
    path: '/login',
    respond: () =>
      errorPage(CHROME, {
        status: 401,
        title: 'Sign-in failed',
        message: 'The email address or password is incorrect.',
        details: loginForm(),
      }),
  };
}
