/** One failed form rule: which field (its input's name) and the spec's message. */
export interface FieldError<F extends string = string> {
  field: F;
  message: string;
}
