import { useParams } from 'react-router';
import { AddToSiftPage } from '../../features/sifts/components/SiftPicker';
import { CreateSiftPage, SiftEditPage } from '../../features/sifts/components/SiftEditor';

/**
 * The sift routes that change sifts (SPEC §2), one lazy chunk apart from the pages that show them (SiftRoutes.tsx):
 * /sifts/{hash}/edit, /create/sift, /add-to-sift. A visitor opening a shared sift does not download the editor.
 */
export function SiftEditRoute() {
  const { hash = '' } = useParams();
  return <SiftEditPage key={hash} id={hash} />;
}

export { AddToSiftPage, CreateSiftPage };
