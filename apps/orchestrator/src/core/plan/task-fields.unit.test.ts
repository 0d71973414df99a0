import { givenFields } from './task-fields.js';

describe('the values a task request gives, quoted or not', () => {
  const cases: [string, Record<string, string>][] = [
    [
      'Send the contact form on http://a.test:7813/contact with name Ana Lee, email ana@x.example and message I would like a quote for ten chairs',
      { name: 'Ana Lee', email: 'ana@x.example', message: 'I would like a quote for ten chairs' },
    ],
    [
      'Send the contact form with name "Ada Lovelace", email ada@example.org and message "Hello there"',
      { name: 'Ada Lovelace', email: 'ada@example.org', message: 'Hello there' },
    ],
    [
      'Please send the form on http://b.test/contact with my name Jo Park and my email jo@park.example, message: Can you deliver on Sunday, the 3rd?',
      { name: 'Jo Park', email: 'jo@park.example', message: 'Can you deliver on Sunday, the 3rd?' },
    ],
    [
      'Contact http://c.test using name Kim and message Is the blue one back in stock, and the name of the maker?',
      { name: 'Kim', message: 'Is the blue one back in stock, and the name of the maker?' },
    ],
    [
      'Submit the form with message “Thanks for the quick reply.” and phone number 555 0102',
      { message: 'Thanks for the quick reply.', 'phone number': '555 0102' },
    ],
    [
      'Write to http://d.test/contact with subject Order 42; message The lid is cracked. please',
      { subject: 'Order 42', message: 'The lid is cracked' },
    ],
    [
      'Log in on http://e.test/login with username kim and password hunter2',
      { username: 'kim', password: 'hunter2' },
    ],
    ['Send a message to http://f.test/contact with my details', {}],
    [
      'Send the form with name "Ada" — my email is ada@example.org',
      { name: 'Ada', email: 'ada@example.org' },
    ],
    [
      'Send the contact form on http://g.test/contact, email me at ada@example.org',
      { email: 'ada@example.org' },
    ],
    ['Fill out the form on http://h.test/form', {}],
  ];

  it.each(cases)('%s', (question, want) => {
    expect(Object.fromEntries(givenFields(question).map((f) => [f.label, f.value]))).toEqual(want);
  });

  it('never takes the URL or the words before "with" for a value', () => {
    const fields = givenFields('Send a message to http://name.test/message with email ana@x.example');
    expect(fields).toEqual([{ label: 'email', value: 'ana@x.example' }]);
  });
});
