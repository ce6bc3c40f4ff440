import { Box, Image } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { PptSlide } from '@/api/gen/model';
import { layoutSlide } from '@common/slides/layout';
import { slideSvg, svgDataUrl } from '@common/slides/svg';
import { templateOrDefault } from '@common/slides/templates';
import { drawable } from './deck-edit';

/**
 * A slide drawn in the browser from the deck model with its template's palette, fonts and geometry (the
 * same drawing the .pptx is written from). A slide too full for one page shows its first page and says so.
 */
export function SlideThumb({ slide, templateId, label, width = '100%' }: { slide: PptSlide; templateId: string; label: string; width?: string }) {
  const { src, pages } = useMemo(() => {
    const drawn = layoutSlide(drawable(slide), templateOrDefault(templateId));
    return { src: svgDataUrl(slideSvg(drawn[0])), pages: drawn.length };
  }, [slide, templateId]);
  return (
    <Box position="relative" w={width}>
      <Image src={src} alt={label} w="full" borderWidth="1px" borderColor="gray.200" rounded="md" display="block" data-testid="slide-thumb" />
      {pages > 1 && (
        <Box position="absolute" right="1" bottom="1" bg="orange.500" color="white" fontSize="2xs" px="1" rounded="sm">
          放不下，将分为 {pages} 页
        </Box>
      )}
    </Box>
  );
}
