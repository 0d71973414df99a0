/** Published F1 on all 140 pages (README.rst, Feb 2021; dataset/metrics.json), per system and attribute. */
export const PUBLISHED_F1: Readonly<
  Record<string, Readonly<Record<'price' | 'sku' | 'availability', number>>>
> = {
  Zyte: { price: 0.918, sku: 0.841, availability: 0.957 },
  Diffbot: { price: 0.824, sku: 0.765, availability: 0.943 },
  extruct: { price: 0.685, sku: 0.537, availability: 0.626 },
};
