/** A catalogue's shape with every leaf a string: the Chinese catalogue must have exactly the English one's keys. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
