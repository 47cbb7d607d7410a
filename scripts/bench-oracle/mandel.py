"""Mandelbrot escape counts, written point by point (pure Python, small grids) or
vectorised with NumPy (large grids): count of the iterations i < n with |z_i| <= 2,
z_0 = 0, z_{i+1} = z_i^2 + c, over a W×H grid of c = xmin + dx*(j-1) + i*(ymin + dy*(r-1)),
dx = (xmax-xmin)/W, dy = (ymax-ymin)/H."""

import numpy as np


def grid(w, h, xmin, xmax, ymin, ymax):
    dx = (xmax - xmin) / w
    dy = (ymax - ymin) / h
    cx = np.array([xmin + dx * j for j in range(w)])
    cy = np.array([ymin + dy * r for r in range(h)])
    return cx, cy


def counts_scalar(w, h, n, box):
    cx, cy = grid(w, h, *box)
    out = np.zeros((h, w), dtype=int)
    for r in range(h):
        for j in range(w):
            x = y = 0.0
            k = 0
            while k < n and x * x + y * y <= 4.0:
                x, y = x * x - y * y + cx[j], 2.0 * x * y + cy[r]
                k += 1
            out[r, j] = k
    return out


def counts_numpy(w, h, n, box):
    cx, cy = grid(w, h, *box)
    CX = np.broadcast_to(cx, (h, w))
    CY = np.broadcast_to(cy[:, None], (h, w))
    x = np.zeros((h, w))
    y = np.zeros((h, w))
    k = np.zeros((h, w), dtype=np.int64)
    for _ in range(n):
        inside = x * x + y * y <= 4.0
        nx = CX + (x * x - y * y)
        ny = CY + 2.0 * (x * y)
        x = np.where(inside, nx, x)
        y = np.where(inside, ny, y)
        k += inside
    return k
