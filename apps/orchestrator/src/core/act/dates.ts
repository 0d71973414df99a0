import { dateInFormat, isoDate, monthsBetween, readDate, type CalendarDate } from '@forage/question';
import type { PageControl } from '../explore/controls.js';
import { at, label, type StepGrounding } from './targets.js';

/** Months a calendar is paged through to reach a date, at most. */
const MAX_MONTHS = 36;
const NEXT = /\b(?:next|forward|later)\b|^(?:[›»>→]|>>)$/i;
const PREVIOUS = /\b(?:prev|previous|back|earlier)\b|^(?:[‹«<←]|<<)$/i;

const same = (a: CalendarDate | undefined, b: CalendarDate): boolean =>
  a !== undefined && a.year === b.year && a.month === b.month && a.day === b.day;

/**
 * A date put into a field: a native date input takes it in ISO; a field a calendar widget writes
 * (read-only) is opened, paged to the date's month with its next/previous controls, and the day
 * clicked whose accessible name is that date; any other field gets the date in the format its
 * placeholder shows. Each page of the calendar is grounded on what the page shows after the click.
 */
export function pickDate(
  field: PageControl,
  date: CalendarDate,
  controls: readonly PageControl[],
): StepGrounding {
  const iso = isoDate(date);
  const type = field.field?.type ?? '';
  if (type === 'date') return fill(field, iso);
  const days = controls.filter((c) => c !== field && c.enabled && readDate(c.name) !== undefined);
  const day = days.find((c) => same(readDate(c.name), date));
  if (day)
    return {
      action: { type: 'click', ...at(day) },
      described: `pick ${iso} in ${label(field)}`,
      control: day,
    };
  const middle = days[Math.floor(days.length / 2)];
  const shown = middle ? readDate(middle.name) : undefined;
  if (shown) {
    const ahead = monthsBetween(shown, date);
    if (ahead === 0)
      return { why: `${iso} cannot be picked in the calendar`, candidates: days.slice(0, 8).map(label) };
    if (Math.abs(ahead) > MAX_MONTHS)
      return {
        why: `${iso} is ${String(Math.abs(ahead))} months from the month the calendar shows`,
        candidates: [],
      };
    const nav = controls.find((c) => c.enabled && (ahead > 0 ? NEXT : PREVIOUS).test(c.name));
    if (!nav)
      return {
        why: `the calendar shows ${shown.year}-${String(shown.month).padStart(2, '0')} and has no ${ahead > 0 ? 'next' : 'previous'} month control`,
        candidates: days.slice(0, 8).map(label),
      };
    return {
      action: { type: 'click', ...at(nav) },
      described: `page ${label(field)}'s calendar ${ahead > 0 ? 'forward' : 'back'} with ${label(nav)}`,
      control: field,
      opens: true,
    };
  }
  if (field.field?.readonly)
    return {
      action: { type: 'click', ...at(field) },
      described: `open the calendar of ${label(field)}`,
      control: field,
      opens: true,
    };
  return fill(field, dateInFormat(date, field.field?.placeholder));
}

function fill(field: PageControl, value: string): StepGrounding {
  return {
    action: { type: 'fill', value, ...at(field) },
    described: `type "${value}" into ${label(field)}`,
    control: field,
  };
}
