import type { SourcedChunk } from '@forage/contracts';
import { aSourcedChunk, anEvidenceRef } from '@forage/testing';

/** Chunks of a country article and a hotel page, the way dom-understanding reads them. */
export function veloriaChunks(): SourcedChunk[] {
  const wiki = {
    url: 'http://127.0.0.1:8081/wiki/Veloria',
    title: 'Veloria – Sandbox Wiki',
    domSnapshot: anEvidenceRef(),
  };
  const hotel = {
    url: 'http://127.0.0.1:8082/hotels/grand-portavel',
    title: 'Grand Hotel Portavel – Stays',
    domSnapshot: anEvidenceRef(),
  };
  const rows: [string, string[], string, typeof wiki][] = [
    [
      'This article is about the country. For its people, see Velorian people.',
      ['Veloria'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/p[1]',
      wiki,
    ],
    ['Veloria', ['Veloria'], '/html[1]/body[1]/div[2]/main[1]/article[1]/table[1]/caption[1]', wiki],
    [
      'Capital: Portavel',
      ['Veloria'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/table[1]/tbody[1]/tr[1]',
      wiki,
    ],
    [
      'Population: 1,234,567 (2020 census)',
      ['Veloria'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/table[1]/tbody[1]/tr[2]',
      wiki,
    ],
    [
      'Area (km²): 45,210',
      ['Veloria'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/table[1]/tbody[1]/tr[3]',
      wiki,
    ],
    [
      'Currency: Velorian crown (VLC)',
      ['Veloria'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/table[1]/tbody[1]/tr[4]',
      wiki,
    ],
    [
      'Founded: 1848',
      ['Veloria'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/table[1]/tbody[1]/tr[6]',
      wiki,
    ],
    [
      'Official language: Velorian',
      ['Veloria'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/table[1]/tbody[1]/tr[8]',
      wiki,
    ],
    [
      'Veloria is a parliamentary republic in the Goucis Highlands. Its capital and largest city is Portavel. Veloria has a population of 1,234,567 people as of the 2020 census.',
      ['Veloria'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/p[2]',
      wiki,
    ],
    [
      'The country covers an area of 45,210 km², and its currency is the Velorian crown (VLC). Veloria was founded in 1848, and Velorian is its official language.',
      ['Veloria'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/p[3]',
      wiki,
    ],
    [
      'Veloria borders Ostrania and Dunmark. The highest point is Mount Arvel, at 2,914 metres above sea level.',
      ['Veloria', 'Geography'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/p[4]',
      wiki,
    ],
    [
      'At the 2020 census the country counted 1,234,567 inhabitants, giving a density of about 27 people per km². Most people speak Velorian; citizens are called Velorians.',
      ['Veloria', 'Demographics'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/p[8]',
      wiki,
    ],
    [
      'City: Portavel; Population (2020): 412,000; Status: Capital',
      ['Veloria', 'Demographics'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/table[2]/tbody[1]/tr[1]',
      wiki,
    ],
    [
      'City: Dunmere; Population (2020): 98,500; Status: City',
      ['Veloria', 'Demographics'],
      '/html[1]/body[1]/div[2]/main[1]/article[1]/table[2]/tbody[1]/tr[2]',
      wiki,
    ],
    [
      'The Grand Hotel Portavel has 120 rooms and a rooftop pool overlooking the old harbour.',
      ['Grand Hotel Portavel'],
      '/html[1]/body[1]/main[1]/p[1]',
      hotel,
    ],
    [
      'Room: Double; Price per night: $140; Free parking: Yes',
      ['Grand Hotel Portavel', 'Rooms'],
      '/html[1]/body[1]/main[1]/table[1]/tbody[1]/tr[1]',
      hotel,
    ],
    ['Check-in: from 15:00', ['Grand Hotel Portavel', 'Policies'], '/html[1]/body[1]/main[1]/dl[1]', hotel],
  ];
  return rows.map(([text, headingPath, xpath, page], i) =>
    aSourcedChunk({ chunkId: `c${i + 1}`, text, headingPath, xpath, ...page }),
  );
}
