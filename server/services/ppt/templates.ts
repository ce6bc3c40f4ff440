import { paletteList, previewUrl, SLIDE_TEMPLATES } from '@common/slides/templates';
import type { components } from '../../gen/openapi';

export type PptTemplate = components['schemas']['PptTemplate'];

/** get_template_list: every template in recommended order, with its preview image (drawn from the template). */
export function templateList(): PptTemplate[] {
  return SLIDE_TEMPLATES.map((t) => ({ id: t.id, name: t.name, previewUrl: previewUrl(t), palette: paletteList(t) }));
}
