import { generate } from 'otplib';
console.log(await generate({ secret: process.argv[2] }));
