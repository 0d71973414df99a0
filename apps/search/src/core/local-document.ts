/** A page of the local index as ranking sees it: the URL it is cited by, its title and text. */
export interface LocalDocument {
  readonly id: string;
  readonly url: string;
  readonly title: string;
  readonly text: string;
}
