import { useState } from 'react';
import './coin-icon.css';

/** A coin's icon from the server (`/static/coins/usdt.svg`), or its initial if the image fails. */
export function CoinIcon({ icon, name, size = 32 }: { icon?: string | null; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (!icon || failed) {
    return (
      <span className="coin-icon coin-icon--letter" style={style} aria-hidden="true">
        {name.slice(0, 1)}
      </span>
    );
  }
  return <img className="coin-icon" src={icon} alt="" style={style} onError={() => setFailed(true)} loading="lazy" />;
}
