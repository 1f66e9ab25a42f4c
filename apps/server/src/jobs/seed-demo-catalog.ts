import type { Services } from '../app.js';
import { generateCatalog } from '../providers/demo/catalog.js';
import { seedDemoCuration } from './seed-demo-curation.js';

/**
 * First start on embedded defaults: fill an empty catalog with the demo provider's generated channels and
 * videos and a few curated public sifts, and put the welcome message on the Dashboard's message bar. Does nothing
 * on later starts.
 */
export async function seedDemoCatalog(services: Services, now = new Date()): Promise<boolean> {
  // Checked before generating, so a later start does not pay for a catalog it will not use.
  let seeded = false;
  if (await services.catalog.isEmpty()) {
    const { channels, videos } = generateCatalog({ now });
    seeded = await services.catalog.importCatalog('demo', channels, videos);
    if (seeded) await seedDemoCuration(services, channels, videos);
  }
  await services.messages.seedWelcome({
    pageLocations: [44],
    level: 'info',
    text: 'You are browsing the demo catalog: every video here is generated and plays offline.',
    linkUrl: '/about',
    linkText: 'About Sift',
    // The demo's own message speaks the web app's languages (decisions/025).
    translations: {
      de: { text: 'Du siehst den Demo-Katalog: Jedes Video hier ist generiert und läuft offline.', linkText: 'Über Sift' },
      es: { text: 'Estás viendo el catálogo de demostración: todos los vídeos se generan aquí y se reproducen sin conexión.', linkText: 'Acerca de Sift' },
      fr: { text: 'Vous parcourez le catalogue de démonstration : chaque vidéo est générée et se lit hors ligne.', linkText: 'À propos de Sift' },
      'pt-BR': { text: 'Você está navegando no catálogo de demonstração: todos os vídeos são gerados e funcionam offline.', linkText: 'Sobre o Sift' },
    },
    dismissal: 'forever',
  });
  return seeded;
}
