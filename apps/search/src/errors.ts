import { InvalidRequestError } from '@forage/messaging';

/** The query cannot be searched (empty, or longer than SEARCH_QUERY_MAX_CHARS); sending it again will not help. */
export class SearchQueryRejectedError extends InvalidRequestError {
  override readonly name = 'SearchQueryRejectedError';
}
