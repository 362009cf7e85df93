import { InputText } from 'primereact/inputtext';
import { type ReactNode, useState } from 'react';

interface Props<P> {
  /** The search box's id, which the form's tests and labels name. */
  id: string;
  placeholder: string;
  /** What the box and its suggestions are for, read out by a screen reader. */
  label: string;
  /** The products the last search found, as the form's machine holds them. */
  products: readonly P[];
  keyOf: (product: P) => string;
  /** A suggestion's words: the product's number, name and price as the form's person picks by them. */
  textOf: (product: P) => string;
  onSearch: (keyword: string) => void;
  onPick: (product: P) => void;
  /** What the form shows below the suggestions, such as the picked product's quantity and price. */
  children?: ReactNode;
}

/**
 * A product found by what the person types (code, name or model) and picked from the suggestions, as
 * every form with product lines offers it; a pick clears the box and closes the suggestions.
 */
export function ProductSearch<P>({
  id,
  placeholder,
  label,
  products,
  keyOf,
  textOf,
  onSearch,
  onPick,
  children,
}: Props<P>) {
  const [typed, setTyped] = useState('');
  return (
    <div className="portal-order-line-picker">
      <InputText
        id={id}
        placeholder={placeholder}
        aria-label={label}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          onSearch(e.target.value);
        }}
      />
      {typed.trim() && (
        <ul className="portal-order-line-suggestions" aria-label={label}>
          {products.map((product) => (
            <li key={keyOf(product)}>
              <button
                type="button"
                onClick={() => {
                  setTyped('');
                  onPick(product);
                }}
              >
                {textOf(product)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
