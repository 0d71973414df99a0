/** One multilingual lexicon for reading pages: attribute labels, negation, numbers, currencies and units. */
export { ATTRIBUTE_LABELS, ATTRIBUTE_PROPERTIES, LANGUAGES, type Language } from './attribute-labels.js';
export {
  isKnownAttribute,
  knownAttributes,
  labelsIn,
  labelsOf,
  namesAttribute,
  propertiesOf,
  type LabelHit,
} from './labels.js';
export { negationIn } from './negation.js';
export {
  currenciesIn,
  currencyInRequest,
  currencyOf,
  numbersIn,
  parseNumber,
  REQUEST_CURRENCY,
  unitsIn,
  type NumberMention,
} from './numbers.js';
export { CURRENCY_CODES, CURRENCY_NAMES, CURRENCY_SIGNS, WORD_LIKE_CODES } from './currencies.js';
export { priceAsWritten } from './written.js';
export { escapeRegExp } from './regexp.js';
export { isMakerCodeLabel } from './maker-codes.js';
export { isSectionTitle } from './section-titles.js';
export { foldName, namesEntity, statesAboutOther, titleHead } from './entity-names.js';
