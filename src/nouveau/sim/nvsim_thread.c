/*
 * Submission and the GPU thread.
 *
 * Every submission gets the next sequence number of the device and is
 * executed in that order, one at a time (dev->exec_lock): by the device's
 * GPU thread, or in the submitting thread when NVSIM_SYNC=1.  Sequence
 * numbers therefore complete in order and "done" is a single counter,
 * dev->completed_seq, that waits compare against.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nvsim_priv.h"

static void
run_job(struct nvsim_channel *chan, const struct nvsim_push *pushes,
        unsigned num)
{
   /* A dead channel's queued work is dropped (NVSIM_STRICT=1 only: by
    * default a trap does not kill the channel, nvsim_trap.c). */
   if (!nvsim_chan_dead(chan))
      nvsim_fifo_execute(chan, pushes, num);
}

static void
complete_locked(struct nvsim_device *dev, int64_t seq)
{
   /* Free what the job was the last user of before anyone can see the
    * job done, so that a waiter finds release callbacks already called. */
   nvsim_reap_zombies_locked(dev, seq);
   dev->completed_seq = seq;
   pthread_cond_broadcast(&dev->done_cond);
}

static void *
gpu_thread(void *arg)
{
   struct nvsim_device *dev = arg;

   pthread_mutex_lock(&dev->lock);
   for (;;) {
      while (!dev->queue_head && !dev->stop)
         pthread_cond_wait(&dev->work_cond, &dev->lock);
      struct nvsim_job *job = dev->queue_head;
      if (!job)
         break;      /* stop requested and the queue is drained */
      dev->queue_head = job->next;
      if (!dev->queue_head)
         dev->queue_tail = NULL;
      pthread_mutex_unlock(&dev->lock);

      pthread_mutex_lock(&dev->exec_lock);
      run_job(job->chan, job->pushes, job->num_pushes);
      pthread_mutex_unlock(&dev->exec_lock);

      pthread_mutex_lock(&dev->lock);
      complete_locked(dev, job->seq);
      free(job);
   }
   pthread_mutex_unlock(&dev->lock);
   return NULL;
}

void
nvsim_thread_start(struct nvsim_device *dev)
{
   if (pthread_create(&dev->thread, NULL, gpu_thread, dev) == 0) {
      dev->thread_started = true;
   } else {
      fprintf(stderr, "nvsim: no GPU thread, executing synchronously\n");
      dev->sync = true;
   }
}

void
nvsim_thread_stop(struct nvsim_device *dev)
{
   if (!dev->thread_started)
      return;
   pthread_mutex_lock(&dev->lock);
   dev->stop = true;
   pthread_cond_broadcast(&dev->work_cond);
   pthread_mutex_unlock(&dev->lock);
   pthread_join(dev->thread, NULL);
   dev->thread_started = false;
}

static bool
push_valid(const struct nvsim_device *dev, const struct nvsim_push *p)
{
   return p->bo && p->bo->dev == dev && !(p->offset & 3) &&
          !(p->length & 3) && p->offset <= p->bo->size &&
          p->length <= p->bo->size - p->offset;
}

int64_t
nvsim_submit(struct nvsim_channel *chan, const struct nvsim_push *pushes,
             unsigned num_pushes, struct nvsim_bo *const *bos,
             unsigned num_bos)
{
   if (!chan || (num_pushes && !pushes) || (num_bos && !bos))
      return -EINVAL;
   struct nvsim_device *dev = chan->dev;

   for (unsigned i = 0; i < num_pushes; i++) {
      if (!push_valid(dev, &pushes[i])) {
         fprintf(stderr, "nvsim: ch%u: push %u (offset 0x%llx, %u bytes) is "
                 "not a 4-byte aligned range inside a buffer of this device\n",
                 chan->id, i, (unsigned long long)pushes[i].offset,
                 pushes[i].length);
         return -EINVAL;
      }
   }
   for (unsigned i = 0; i < num_bos; i++) {
      if (!bos[i] || bos[i]->dev != dev)
         return -EINVAL;
   }
   nvsim_trace_submit(chan, pushes, num_pushes, bos, num_bos);

   struct nvsim_job *job = NULL;
   if (!dev->sync) {
      job = calloc(1, sizeof(*job) + num_pushes * sizeof(*pushes));
      if (!job)
         return -ENOMEM;
      job->pushes = (struct nvsim_push *)(job + 1);
      if (num_pushes)
         memcpy(job->pushes, pushes, num_pushes * sizeof(*pushes));
      job->num_pushes = num_pushes;
      job->chan = chan;
   } else {
      pthread_mutex_lock(&dev->exec_lock);
   }

   pthread_mutex_lock(&dev->lock);
   if (chan->dead) {
      pthread_mutex_unlock(&dev->lock);
      if (dev->sync)
         pthread_mutex_unlock(&dev->exec_lock);
      free(job);
      return -ENODEV;
   }
   int64_t seq = ++dev->last_seq;
   chan->last_seq = seq;
   for (unsigned i = 0; i < num_bos; i++)
      bos[i]->last_seq = seq;
   for (unsigned i = 0; i < num_pushes; i++)
      pushes[i].bo->last_seq = seq;

   if (job) {
      job->seq = seq;
      if (dev->queue_tail)
         dev->queue_tail->next = job;
      else
         dev->queue_head = job;
      dev->queue_tail = job;
      pthread_cond_signal(&dev->work_cond);
      pthread_mutex_unlock(&dev->lock);
      return seq;
   }

   /* NVSIM_SYNC: execute here, still in sequence order (exec_lock). */
   pthread_mutex_unlock(&dev->lock);
   run_job(chan, pushes, num_pushes);
   pthread_mutex_lock(&dev->lock);
   complete_locked(dev, seq);
   pthread_mutex_unlock(&dev->lock);
   pthread_mutex_unlock(&dev->exec_lock);
   return seq;
}

void
nvsim_wait_seq(struct nvsim_device *dev, int64_t seq)
{
   pthread_mutex_lock(&dev->lock);
   /* never wait for a number not handed out yet */
   if (seq > dev->last_seq)
      seq = dev->last_seq;
   while (dev->completed_seq < seq)
      pthread_cond_wait(&dev->done_cond, &dev->lock);
   pthread_mutex_unlock(&dev->lock);
}

int64_t
nvsim_completed_seq(struct nvsim_device *dev)
{
   pthread_mutex_lock(&dev->lock);
   int64_t seq = dev->completed_seq;
   pthread_mutex_unlock(&dev->lock);
   return seq;
}
