import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { chipColors, fileReadUrl, formatEuros, hexColor, useSession } from '@volante/plugin-ui';
import { NAMESPACE } from '../i18n';
import type { PosterDesign, PosterProduct } from '../api';
import { POSTER_COLOR } from '../lists';

/**
 * An SVG document as an image's address: the QR code the host drew, shown with `<img>` so that
 * nothing of it is put into the page as HTML.
 */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The colour a poster is drawn in: the one typed when it is one (`#RGB`/`#RRGGBB`), else the
 * stored one, else the host's default (an empty colour is stored as it).
 */
export function posterColor(typed: string, stored: string): string {
  if (!typed.trim()) return hexColor(POSTER_COLOR)!;
  return hexColor(typed) ?? hexColor(stored) ?? hexColor(POSTER_COLOR)!;
}

/**
 * A product's poster, an A4 portrait sheet (the preview, and what "Imprimir" prints alone: the
 * kit's `vk-printable`, its page and size in products.css): the
 * headline in a band of the design's colour, the product's name, its picture (the document
 * manager's file, as the product's form shows it), its description, the price with tax (or
 * "Consulte el precio" when the shop hides it), the QR code of its order page with "Escanee para
 * apuntarse" (none without `qrSvg`), and at the foot the school's name (the branch's, else the
 * business's) and the contact line.
 * Sizes are in units of the sheet's width, so that the preview and the print look alike.
 */
export function PosterSheet({ product, school, design, qrSvg }: { product: PosterProduct; school: string; design: PosterDesign; qrSvg: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  // the colour behind, with the dark text or white, whichever reads on it
  const colors = chipColors(design.color) ?? chipColors(POSTER_COLOR)!;
  const headline = design.headline.trim();
  const contact = design.contact.trim();
  const description = product.description.trim();
  // the caller's branch; a school without branches goes by the business's name
  const schoolName = school.trim() || session.user?.business?.name?.trim() || '';
  return (
    <article
      className="products-poster vk-printable"
      style={{ '--products-poster-color': colors.backgroundColor } as CSSProperties}
      aria-label={t('poster.sheet.label', { name: product.name })}
      data-testid="poster-sheet"
    >
      <header className="products-poster__band" style={colors} data-testid="poster-headline">
        {headline}
      </header>
      <div className="products-poster__body">
        <h3 className="products-poster__name" data-testid="poster-name">
          {product.name}
        </h3>
        {product.image_file_id && (
          <img className="products-poster__image" src={fileReadUrl(product.image_file_id, session.store.getToken())} alt={product.name} data-testid="poster-image" />
        )}
        {description && (
          <p className="products-poster__description" data-testid="poster-description">
            {description}
          </p>
        )}
      </div>
      <div className="products-poster__offer">
        <p className="products-poster__price" style={colors} data-testid="poster-price">
          {product.price_visible ? formatEuros(product.total) : t('poster.sheet.askPrice')}
        </p>
        {qrSvg && (
          <figure className="products-poster__qr" data-testid="poster-qr">
            <img src={svgDataUrl(qrSvg)} alt={t('poster.sheet.qrAlt')} />
            <figcaption>{t('poster.sheet.scan')}</figcaption>
          </figure>
        )}
      </div>
      <footer className="products-poster__foot" data-testid="poster-foot">
        {schoolName && (
          <strong className="products-poster__school" data-testid="poster-school">
            {schoolName}
          </strong>
        )}
        {contact && <span data-testid="poster-contact">{contact}</span>}
      </footer>
    </article>
  );
}
