import { Center, Image, Spinner } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { qrImageUrl } from '@/lib/qr-image';

/** A QR code drawn from its text (the spec's rendering), a spinner while it is drawn. */
export function QrImage({ code, alt }: { code: string; alt: string }) {
  const [image, setImage] = useState<{ code: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    void qrImageUrl(code).then((src) => current && setImage({ code, src }));
    return () => {
      current = false;
    };
  }, [code]);
  if (!image || image.code !== code) {
    return (
      <Center h="full" aria-busy="true">
        <Spinner color="brand.solid" />
      </Center>
    );
  }
  return <Image src={image.src} alt={alt} w="full" h="full" data-code={code} />;
}
