#ifndef NOUVEAU_DRM_PUBLIC_H
#define NOUVEAU_DRM_PUBLIC_H

struct pipe_screen;

/* Returns the pipe_screen of the nouveau device behind fd, creating it on
 * first use.  Opening the same device twice (two fds of one file
 * description) gives the same screen with one more reference; the screen's
 * destroy drops a reference.  NULL when the device is not usable.
 */
struct pipe_screen *nouveau_drm_screen_create(int fd);

#endif
