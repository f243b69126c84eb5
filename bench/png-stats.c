/*
 * png-stats - how much of a PNG is drawn on, so a test can tell a
 * screenshot of a page with its figures from a blank one:
 *
 *   png-stats FILE          "WIDTH HEIGHT NONWHITE"
 *   png-stats --rows FILE   "Y0 Y1 NONWHITE" for each band of 50 rows
 *
 * NONWHITE is the fraction of pixels with a channel below 240, over
 * white where a pixel is translucent.  Only 8-bit RGB and RGBA without
 * interlacing, what gnuplot's pngcairo and Chromium write, are read;
 * anything else is an error (exit 1).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define BAND 50

struct image {
	uint32_t w, h;
	unsigned bpp;		/* bytes per pixel: 3 or 4 */
	unsigned char *px;	/* h rows of w * bpp bytes, unfiltered */
};

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static int fail(const char *file, const char *why)
{
	fprintf(stderr, "png-stats: %s: %s\n", file, why);
	return -1;
}

static unsigned char *slurp(const char *file, size_t *len)
{
	FILE *f = fopen(file, "rb");
	unsigned char *buf = NULL;
	size_t n = 0, cap = 0, k;

	if (!f)
		return NULL;
	do {
		if (cap - n < 65536) {
			cap = cap ? 2 * cap : 1 << 20;
			if (!(buf = realloc(buf, cap)))
				abort();
		}
		n += k = fread(buf + n, 1, cap - n, f);
	} while (k > 0);
	if (ferror(f)) {
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

static int paeth(int a, int b, int c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

	if (pa <= pb && pa <= pc)
		return a;
	return pb <= pc ? b : c;
}

/* Undo the filters in place: raw is h rows of a filter byte and stride
 * bytes; img->px gets the rows without the filter bytes. */
static int unfilter(struct image *img, const unsigned char *raw)
{
	size_t stride = (size_t)img->w * img->bpp;
	unsigned bpp = img->bpp;

	for (uint32_t y = 0; y < img->h; y++) {
		const unsigned char *in = raw + y * (stride + 1) + 1;
		unsigned char *out = img->px + y * stride;
		const unsigned char *up = y ? out - stride : NULL;
		int type = in[-1];

		for (size_t i = 0; i < stride; i++) {
			int a = i >= bpp ? out[i - bpp] : 0;
			int b = up ? up[i] : 0;
			int c = up && i >= bpp ? up[i - bpp] : 0;

			switch (type) {
			case 0: out[i] = in[i]; break;
			case 1: out[i] = in[i] + a; break;
			case 2: out[i] = in[i] + b; break;
			case 3: out[i] = in[i] + (a + b) / 2; break;
			case 4: out[i] = in[i] + paeth(a, b, c); break;
			default: return -1;
			}
		}
	}
	return 0;
}

static int load(const char *file, struct image *img)
{
	size_t len, off = 8, nidat = 0, rawlen;
	unsigned char *buf = slurp(file, &len), *idat = NULL, *raw = NULL;
	int seen_ihdr = 0, seen_iend = 0, rc = -1;

	if (!buf) {
		perror(file);
		return -1;
	}
	if (len < 8 || memcmp(buf, "\x89PNG\r\n\x1a\n", 8) != 0) {
		fail(file, "not a PNG file");
		goto out;
	}
	while (!seen_iend) {
		uint32_t n;
		const unsigned char *type, *data;

		if (len - off < 12 || (n = be32(buf + off)) > len - off - 12) {
			fail(file, "truncated chunk");
			goto out;
		}
		type = buf + off + 4;
		data = type + 4;
		if (crc32(crc32(0, NULL, 0), type, n + 4) != be32(data + n)) {
			fail(file, "bad chunk CRC");
			goto out;
		}
		if (memcmp(type, "IHDR", 4) == 0 && n == 13) {
			img->w = be32(data);
			img->h = be32(data + 4);
			if (data[8] != 8 || (data[9] != 2 && data[9] != 6) ||
			    data[12] != 0) {
				fprintf(stderr, "png-stats: %s: bit depth %u, colour "
					"type %u, interlace %u: only 8-bit RGB or "
					"RGBA, not interlaced\n", file, data[8],
					data[9], data[12]);
				goto out;
			}
			if (img->w == 0 || img->h == 0 || img->w > 1 << 16 ||
			    img->h > 1 << 16) {
				fail(file, "unlikely size");
				goto out;
			}
			img->bpp = data[9] == 6 ? 4 : 3;
			seen_ihdr = 1;
		} else if (memcmp(type, "IDAT", 4) == 0) {
			if (!(idat = realloc(idat, nidat + n + 1)))
				abort();
			memcpy(idat + nidat, data, n);
			nidat += n;
		} else if (memcmp(type, "IEND", 4) == 0) {
			seen_iend = 1;
		}
		off += 12 + (size_t)n;
	}
	if (!seen_ihdr || !idat) {
		fail(file, "no IHDR or no IDAT");
		goto out;
	}
	rawlen = (size_t)img->h * ((size_t)img->w * img->bpp + 1);
	{
		uLongf got = rawlen;

		raw = malloc(rawlen);
		img->px = malloc(rawlen);
		if (!raw || !img->px)
			abort();
		if (uncompress(raw, &got, idat, nidat) != Z_OK || got != rawlen) {
			fail(file, "bad image data");
			goto out;
		}
	}
	if (unfilter(img, raw) != 0) {
		fail(file, "bad filter type");
		goto out;
	}
	rc = 0;
out:
	free(buf);
	free(idat);
	free(raw);
	return rc;
}

/* Pixels of rows [y0, y1) that are not near white. */
static uint64_t nonwhite(const struct image *img, uint32_t y0, uint32_t y1)
{
	uint64_t n = 0;

	for (uint32_t y = y0; y < y1; y++) {
		const unsigned char *p = img->px + (size_t)y * img->w * img->bpp;

		for (uint32_t x = 0; x < img->w; x++, p += img->bpp) {
			unsigned a = img->bpp == 4 ? p[3] : 255;
			int dark = 0;

			/* Over white: c * a + 255 * (1 - a). */
			for (int c = 0; c < 3; c++)
				dark |= (p[c] * a + 255 * (255 - a)) / 255 < 240;
			n += dark;
		}
	}
	return n;
}

int main(int argc, char **argv)
{
	struct image img = { 0 };
	int rows = argc == 3 && strcmp(argv[1], "--rows") == 0;
	const char *file = argv[argc - 1];

	if (argc != 2 + rows || file[0] == '-') {
		fputs("usage: png-stats [--rows] FILE\n", stderr);
		return 2;
	}
	if (load(file, &img) != 0) {
		free(img.px);
		return 1;
	}
	if (rows) {
		for (uint32_t y = 0; y < img.h; y += BAND) {
			uint32_t y1 = y + BAND < img.h ? y + BAND : img.h;

			printf("%u %u %.4f\n", y, y1, (double)nonwhite(&img, y, y1) /
			       ((double)(y1 - y) * img.w));
		}
	} else {
		printf("%u %u %.4f\n", img.w, img.h, (double)nonwhite(&img, 0, img.h) /
		       ((double)img.w * img.h));
	}
	free(img.px);
	return 0;
}
