import { InvalidRequestError } from '@forage/messaging';

/**
 * The question has nothing to look for: no letters or digits (control characters, punctuation) or
 * only words every question has ("what is it?"). Refused with a typed error, never answered.
 */
export class QuestionWithoutContentError extends InvalidRequestError {
  override readonly name = 'QuestionWithoutContentError';
}
