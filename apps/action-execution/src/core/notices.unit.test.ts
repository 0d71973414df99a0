import { newNotices } from './notices.js';

describe('newNotices', () => {
  it('keeps only what appeared or changed after the action', () => {
    expect(
      newNotices(
        [{ kind: 'status', text: '3 results' }],
        [
          { kind: 'status', text: ' 3   results ' },
          { kind: 'error', text: 'Please fill in this field.' },
          { kind: 'error', text: 'Please fill in this field.' },
          { kind: 'status', text: '   ' },
        ],
      ),
    ).toEqual([{ kind: 'error', text: 'Please fill in this field.' }]);
  });
});
